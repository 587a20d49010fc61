ALTER TABLE "payments" ADD COLUMN "sum_steuer_bezahlt" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "sum_steuer_offen" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE "payments" p SET "sum_steuer_bezahlt" = coalesce(a.bezahlt, 0), "sum_steuer_offen" = coalesce(a.offen, 0)
FROM (SELECT l.payment_id,
        sum(l.betrag) FILTER (WHERE l.status = 'bezahlt') AS bezahlt,
        sum(l.betrag) FILTER (WHERE l.status IN ('offen', 'angewiesen')) AS offen
      FROM "payment_lines" l
      WHERE l.superseded_by IS NULL AND l.status <> 'storniert'
        AND l.kind IN ('vorauszahlung', 'abschlusszahlung', 'erstattung', 'korrektur', 'anrechnung')
      GROUP BY l.payment_id) a
WHERE p.id = a.payment_id;
