CREATE TABLE "master_data" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ags" text NOT NULL,
	"designation" text NOT NULL,
	"street" text,
	"zip" text,
	"city" text,
	"steuernummer" text,
	"iban" text,
	"bic" text,
	"bank_name" text,
	"creditor_number" text,
	"cost_center" text,
	"valid_from" date,
	"valid_to" date,
	"geschaeftsleitung" boolean DEFAULT false NOT NULL,
	"remarks" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "master_data_rates" (
	"master_data_id" integer NOT NULL,
	"year" integer NOT NULL,
	"hebesatz" integer NOT NULL,
	"source" text NOT NULL,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "master_data_rates_master_data_id_year_pk" PRIMARY KEY("master_data_id","year")
);
--> statement-breakpoint
CREATE TABLE "master_data_references" (
	"id" serial PRIMARY KEY NOT NULL,
	"master_data_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "master_data_wages" (
	"master_data_id" integer NOT NULL,
	"year" integer NOT NULL,
	"employees" integer,
	"wages" numeric(14, 2) NOT NULL,
	CONSTRAINT "master_data_wages_master_data_id_year_pk" PRIMARY KEY("master_data_id","year")
);
--> statement-breakpoint
CREATE TABLE "municipalities" (
	"ags" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bundesland" text NOT NULL,
	"plz" text DEFAULT '' NOT NULL,
	"search_key" text NOT NULL,
	"search_key_alt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipality_rates" (
	"ags" text NOT NULL,
	"year" integer NOT NULL,
	"hebesatz" integer NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "municipality_rates_ags_year_pk" PRIMARY KEY("ags","year")
);
--> statement-breakpoint
ALTER TABLE "master_data" ADD CONSTRAINT "master_data_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_data" ADD CONSTRAINT "master_data_ags_municipalities_ags_fk" FOREIGN KEY ("ags") REFERENCES "public"."municipalities"("ags") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_data_rates" ADD CONSTRAINT "master_data_rates_master_data_id_master_data_id_fk" FOREIGN KEY ("master_data_id") REFERENCES "public"."master_data"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_data_references" ADD CONSTRAINT "master_data_references_master_data_id_master_data_id_fk" FOREIGN KEY ("master_data_id") REFERENCES "public"."master_data"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_data_wages" ADD CONSTRAINT "master_data_wages_master_data_id_master_data_id_fk" FOREIGN KEY ("master_data_id") REFERENCES "public"."master_data"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "master_data_company_idx" ON "master_data" USING btree ("company_id","designation");--> statement-breakpoint
CREATE INDEX "master_data_ags_idx" ON "master_data" USING btree ("ags");--> statement-breakpoint
CREATE UNIQUE INDEX "master_data_references_unique_idx" ON "master_data_references" USING btree ("master_data_id","kind","value");--> statement-breakpoint
CREATE INDEX "master_data_references_value_idx" ON "master_data_references" USING btree ("value");--> statement-breakpoint
CREATE INDEX "municipalities_search_key_idx" ON "municipalities" USING btree ("search_key");