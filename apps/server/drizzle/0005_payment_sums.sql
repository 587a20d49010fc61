ALTER TABLE "payments" ADD COLUMN "sum_vorauszahlungen" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "sum_bezahlt" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "sum_offen" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "sum_zinsen" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "naechste_faelligkeit" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "warnings" integer DEFAULT 0 NOT NULL;