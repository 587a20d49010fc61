CREATE TABLE "app_settings_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "app_settings_version_single_row" CHECK ("app_settings_version"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "app_settings" DROP CONSTRAINT "app_settings_pkey";--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "id" serial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_key_company_unique" UNIQUE NULLS NOT DISTINCT("key","company_id");--> statement-breakpoint
-- Hand-written (drizzle-kit does not generate triggers): every statement that changes
-- app_settings raises the version inside its own transaction; the settings module's
-- caches compare it before answering (see modules/settings/service.ts).
INSERT INTO "app_settings_version" ("id", "version") VALUES (1, 1);--> statement-breakpoint
CREATE FUNCTION "app_settings_bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "app_settings_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "app_settings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "app_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "app_settings_bump_version"();
