CREATE TABLE "rate_conflict_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"master_data_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"year" integer NOT NULL,
	"notice_hebesatz" integer NOT NULL,
	"our_hebesatz" integer NOT NULL,
	"note" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rate_conflict_decisions" ADD CONSTRAINT "rate_conflict_decisions_master_data_id_master_data_id_fk" FOREIGN KEY ("master_data_id") REFERENCES "public"."master_data"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_conflict_decisions_unique_idx" ON "rate_conflict_decisions" USING btree ("master_data_id","document_id","year");