-- Hand-written: 0019's lock per group (company, year, AGS) ran out of lock memory when one
-- statement touched thousands of groups (the reports bench inserts 25,000 payments at once; a
-- restore of a large installation does the same): "out of shared memory". The lock is now one
-- per company and tax year, taken in key order — a bulk write takes a handful, and two writers
-- of one group still serialise (the second waits, then recomputes from the first's committed
-- rows plus its own).
CREATE OR REPLACE FUNCTION "report_sums_refresh"(k_company integer[], k_year integer[], k_ags text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('report_sums'), hashtext(k.company_id || ':' || k.year))
    FROM (SELECT DISTINCT company_id, year FROM unnest(k_company, k_year) AS u(company_id, year)
          ORDER BY 1, 2) k;
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
$$;
