ALTER TABLE "documents" ADD COLUMN "type_by_user" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD COLUMN "superseded_by_document" integer;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD COLUMN "superseded_status" text;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD COLUMN "withdrawn_at" timestamp with time zone;