CREATE TABLE "report_sums" (
	"company_id" integer NOT NULL,
	"year" integer NOT NULL,
	"ags" text NOT NULL,
	"payments" integer NOT NULL,
	"counted" integer NOT NULL,
	"with_messbetrag" integer NOT NULL,
	"unpaid" integer NOT NULL,
	"festgesetzt" numeric,
	"vorauszahlungen" numeric NOT NULL,
	"bezahlt" numeric NOT NULL,
	"offen" numeric NOT NULL,
	"aufwand" numeric NOT NULL,
	"messbetrag" numeric,
	"zerlegungsanteil" numeric,
	"hebesatz" integer,
	CONSTRAINT "report_sums_company_id_year_ags_pk" PRIMARY KEY("company_id","year","ags")
);
--> statement-breakpoint
-- Hand-written (drizzle-kit does not generate triggers): the groups (company, year, AGS) a
-- statement on payments or master_data touches are recomputed from the payments inside the
-- writing transaction, so report_sums never differs from a fresh grouping of the payments.
-- Two transactions writing payments of the same group at once: the second waits for the
-- first's row of the group (deleted) or fails on its primary key (a group both created),
-- never keeps a sum that misses the other's write.
CREATE FUNCTION "report_sums_refresh"(k_company integer[], k_year integer[], k_ags text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "report_sums" s USING unnest(k_company, k_year, k_ags) AS k(company_id, year, ags)
    WHERE s.company_id = k.company_id AND s.year = k.year AND s.ags = k.ags;
  INSERT INTO "report_sums" ("company_id", "year", "ags", "payments", "counted", "with_messbetrag", "unpaid",
      "festgesetzt", "vorauszahlungen", "bezahlt", "offen", "aufwand", "messbetrag", "zerlegungsanteil", "hebesatz")
    SELECT p.company_id, p.year, md.ags, count(*)::int,
      count(*) FILTER (WHERE p.festgesetzte_steuer IS NOT NULL OR p.sum_vorauszahlungen <> 0)::int,
      count(p.messbetrag)::int,
      count(*) FILTER (WHERE p.sum_steuer_offen <> 0)::int,
      sum(p.festgesetzte_steuer), sum(p.sum_vorauszahlungen), sum(p.sum_steuer_bezahlt), sum(p.sum_steuer_offen),
      sum(coalesce(p.festgesetzte_steuer, p.sum_vorauszahlungen)), sum(p.messbetrag), sum(p.zerlegungsanteil),
      max(p.hebesatz)
    FROM (SELECT DISTINCT company_id, year, ags FROM unnest(k_company, k_year, k_ags) AS k(company_id, year, ags)) k
    JOIN "master_data" md ON md.ags = k.ags
    JOIN "payments" p ON p.master_data_id = md.id AND p.year = k.year AND p.company_id = k.company_id
    GROUP BY p.company_id, p.year, md.ags;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "report_sums_payments_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "report_sums";
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM "report_sums_refresh"(array_agg(p.company_id), array_agg(p.year), array_agg(md.ags))
      FROM new_rows p JOIN "master_data" md ON md.id = p.master_data_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "report_sums_refresh"(array_agg(p.company_id), array_agg(p.year), array_agg(md.ags))
      FROM old_rows p JOIN "master_data" md ON md.id = p.master_data_id;
  ELSE
    PERFORM "report_sums_refresh"(array_agg(p.company_id), array_agg(p.year), array_agg(md.ags))
      FROM (SELECT company_id, year, master_data_id FROM old_rows
            UNION SELECT company_id, year, master_data_id FROM new_rows) p
      JOIN "master_data" md ON md.id = p.master_data_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payments_report_sums_insert" AFTER INSERT ON "payments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_sums_payments_changed"();--> statement-breakpoint
CREATE TRIGGER "payments_report_sums_update" AFTER UPDATE ON "payments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_sums_payments_changed"();--> statement-breakpoint
CREATE TRIGGER "payments_report_sums_delete" AFTER DELETE ON "payments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_sums_payments_changed"();--> statement-breakpoint
CREATE TRIGGER "payments_report_sums_truncate" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_sums_payments_changed"();--> statement-breakpoint
-- An establishment moved to another municipality: its payments leave the old AGS's groups
-- and join the new one's (payments restrict deleting an establishment that has some).
CREATE FUNCTION "report_sums_master_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "report_sums_refresh"(array_agg(p.company_id), array_agg(p.year), array_agg(x.ags))
    FROM (SELECT o.id, o.ags FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.ags IS DISTINCT FROM o.ags
          UNION SELECT n.id, n.ags FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.ags IS DISTINCT FROM o.ags) x
    JOIN "payments" p ON p.master_data_id = x.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "master_data_report_sums_update" AFTER UPDATE ON "master_data"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_sums_master_data_changed"();--> statement-breakpoint
-- The groups of the payments already there.
SELECT "report_sums_refresh"(array_agg(p.company_id), array_agg(p.year), array_agg(md.ags))
  FROM "payments" p JOIN "master_data" md ON md.id = p.master_data_id;
