CREATE TABLE "payment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"master_data_id" integer NOT NULL,
	"year" integer NOT NULL,
	"kind" text NOT NULL,
	"quartal" integer,
	"betrag" numeric(14, 2) NOT NULL,
	"faellig_am" date,
	"status" text DEFAULT 'offen' NOT NULL,
	"status_date" date,
	"status_by" integer,
	"reason" text NOT NULL,
	"document_id" integer,
	"superseded_by" integer,
	"superseded_reason" text,
	"superseded_at" timestamp with time zone,
	"booking_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_years" (
	"year" integer PRIMARY KEY NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"master_data_id" integer NOT NULL,
	"year" integer NOT NULL,
	"festgesetzte_steuer" numeric(14, 2),
	"messbetrag" numeric(14, 2),
	"hebesatz" integer,
	"erwarteter_messbetrag" numeric(14, 2),
	"zerlegungsanteil" numeric(14, 2),
	"checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"interest" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_master_data_id_master_data_id_fk" FOREIGN KEY ("master_data_id") REFERENCES "public"."master_data"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_status_by_users_id_fk" FOREIGN KEY ("status_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_years" ADD CONSTRAINT "payment_years_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_master_data_id_master_data_id_fk" FOREIGN KEY ("master_data_id") REFERENCES "public"."master_data"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_lines_payment_idx" ON "payment_lines" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_lines_master_data_idx" ON "payment_lines" USING btree ("master_data_id","year");--> statement-breakpoint
CREATE INDEX "payment_lines_document_idx" ON "payment_lines" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "payment_lines_due_idx" ON "payment_lines" USING btree ("company_id","status","faellig_am");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_master_data_year_idx" ON "payments" USING btree ("master_data_id","year");--> statement-breakpoint
CREATE INDEX "payments_company_year_idx" ON "payments" USING btree ("company_id","year");