CREATE TABLE "zerlegung_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"zerlegung_id" integer NOT NULL,
	"version" integer NOT NULL,
	"input" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"bemerkung" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zerlegungen" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"year" integer NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zerlegung_versions" ADD CONSTRAINT "zerlegung_versions_zerlegung_id_zerlegungen_id_fk" FOREIGN KEY ("zerlegung_id") REFERENCES "public"."zerlegungen"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zerlegungen" ADD CONSTRAINT "zerlegungen_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "zerlegung_versions_unique_idx" ON "zerlegung_versions" USING btree ("zerlegung_id","version");--> statement-breakpoint
CREATE INDEX "zerlegungen_company_year_idx" ON "zerlegungen" USING btree ("company_id","year");