CREATE SEQUENCE "public"."import_folder_claim_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "import_folder_claims" (
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"owner" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_seq" bigint,
	"done_at" timestamp with time zone,
	CONSTRAINT "import_folder_claims_company_id_name_pk" PRIMARY KEY("company_id","name")
);
