CREATE TABLE "notification_reads" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reads_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "original_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "original_deleted_by" integer;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_original_deleted_by_users_id_fk" FOREIGN KEY ("original_deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;