CREATE TABLE "booking_lines" (
	"booking_id" integer NOT NULL,
	"payment_line_id" integer NOT NULL,
	CONSTRAINT "booking_lines_booking_id_payment_line_id_pk" PRIMARY KEY("booking_id","payment_line_id")
);
--> statement-breakpoint
CREATE TABLE "booking_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'offen' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"year" integer,
	"quartal" integer,
	"related_session_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"submitted_at" timestamp with time zone,
	"submitted_by" integer,
	"approved_at" timestamp with time zone,
	"approved_by" integer,
	"exported_at" timestamp with time zone,
	"export_error" text,
	"archived_at" timestamp with time zone,
	"archived_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"booking_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"sh" text NOT NULL,
	"konto" text NOT NULL,
	"gegenkonto" text NOT NULL,
	"purpose" text,
	"counter_purpose" text,
	"text" text NOT NULL,
	"belegfeld1" text,
	"kost1" text,
	"tax_year" integer NOT NULL,
	"quartal" integer,
	"kind" text NOT NULL,
	"due_date" date,
	"master_data_id" integer,
	"document_id" integer,
	"reversal_of" integer,
	"reversed_by" integer,
	"corrected_from" integer,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_by" integer,
	"changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exported_at" timestamp with time zone,
	CONSTRAINT "bookings_amount_positive" CHECK ("bookings"."amount" > 0),
	CONSTRAINT "bookings_sh" CHECK ("bookings"."sh" in ('S', 'H'))
);
--> statement-breakpoint
CREATE TABLE "prepayment_bi_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"year" integer NOT NULL,
	"quartal" integer NOT NULL,
	"session_id" integer NOT NULL,
	"count" integer NOT NULL,
	"sum" numeric(14, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"year" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"note" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"comment" text,
	"details" jsonb,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"comment_edited_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_payment_line_id_payment_lines_id_fk" FOREIGN KEY ("payment_line_id") REFERENCES "public"."payment_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD CONSTRAINT "booking_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD CONSTRAINT "booking_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD CONSTRAINT "booking_sessions_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD CONSTRAINT "booking_sessions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD CONSTRAINT "booking_sessions_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD CONSTRAINT "booking_sessions_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_session_id_booking_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."booking_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_master_data_id_master_data_id_fk" FOREIGN KEY ("master_data_id") REFERENCES "public"."master_data"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepayment_bi_logs" ADD CONSTRAINT "prepayment_bi_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepayment_bi_logs" ADD CONSTRAINT "prepayment_bi_logs_session_id_booking_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."booking_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepayment_bi_logs" ADD CONSTRAINT "prepayment_bi_logs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisions" ADD CONSTRAINT "provisions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisions" ADD CONSTRAINT "provisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisions" ADD CONSTRAINT "provisions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_logs" ADD CONSTRAINT "session_logs_session_id_booking_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."booking_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_logs" ADD CONSTRAINT "session_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_lines_line_idx" ON "booking_lines" USING btree ("payment_line_id");--> statement-breakpoint
CREATE INDEX "booking_sessions_company_idx" ON "booking_sessions" USING btree ("company_id","archived","type","id");--> statement-breakpoint
CREATE INDEX "booking_sessions_related_idx" ON "booking_sessions" USING btree ("related_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_sessions_open_bescheid_idx" ON "booking_sessions" USING btree ("company_id") WHERE "booking_sessions"."type" = 'bescheid' and "booking_sessions"."status" = 'offen';--> statement-breakpoint
CREATE INDEX "bookings_session_idx" ON "bookings" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "bookings_company_year_idx" ON "bookings" USING btree ("company_id","tax_year","purpose");--> statement-breakpoint
CREATE INDEX "bookings_master_data_idx" ON "bookings" USING btree ("master_data_id");--> statement-breakpoint
CREATE INDEX "bookings_document_idx" ON "bookings" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "bookings_reversal_idx" ON "bookings" USING btree ("reversal_of");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_guid_idx" ON "bookings" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "prepayment_bi_logs_quarter_idx" ON "prepayment_bi_logs" USING btree ("company_id","year","quartal");--> statement-breakpoint
CREATE UNIQUE INDEX "provisions_company_year_idx" ON "provisions" USING btree ("company_id","year");--> statement-breakpoint
CREATE INDEX "session_logs_session_idx" ON "session_logs" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "payment_lines_quarter_idx" ON "payment_lines" USING btree ("company_id","year","quartal");--> statement-breakpoint
CREATE INDEX "payment_lines_booking_idx" ON "payment_lines" USING btree ("booking_id");