CREATE TABLE "zerlegung_inputs_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "zerlegung_inputs_version_single_row" CHECK ("zerlegung_inputs_version"."id" = 1)
);
--> statement-breakpoint
-- Hand-written (drizzle-kit does not generate triggers): every statement that changes
-- what a Zerlegung reads besides its own input raises the version inside its own
-- transaction; the provision proposal's cache of computed Zerlegungen compares it before
-- answering (see modules/reports/provision.ts), on every instance alike.
INSERT INTO "zerlegung_inputs_version" ("id", "version") VALUES (1, 1);--> statement-breakpoint
CREATE FUNCTION "zerlegung_inputs_bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "zerlegung_inputs_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "municipalities_zerlegung_inputs" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "municipalities"
  FOR EACH STATEMENT EXECUTE FUNCTION "zerlegung_inputs_bump_version"();--> statement-breakpoint
CREATE TRIGGER "municipality_rates_zerlegung_inputs" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "municipality_rates"
  FOR EACH STATEMENT EXECUTE FUNCTION "zerlegung_inputs_bump_version"();--> statement-breakpoint
CREATE TRIGGER "companies_zerlegung_inputs" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "zerlegung_inputs_bump_version"();--> statement-breakpoint
CREATE TRIGGER "master_data_zerlegung_inputs" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "master_data"
  FOR EACH STATEMENT EXECUTE FUNCTION "zerlegung_inputs_bump_version"();--> statement-breakpoint
CREATE TRIGGER "master_data_rates_zerlegung_inputs" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "master_data_rates"
  FOR EACH STATEMENT EXECUTE FUNCTION "zerlegung_inputs_bump_version"();--> statement-breakpoint
CREATE TRIGGER "master_data_wages_zerlegung_inputs" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "master_data_wages"
  FOR EACH STATEMENT EXECUTE FUNCTION "zerlegung_inputs_bump_version"();
