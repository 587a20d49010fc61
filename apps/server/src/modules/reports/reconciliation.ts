import {
  formatMoneyDe,
  formatMoneyPlain,
  moneyToCents,
  type ReconciliationReport,
  type ReconciliationRow,
  type ReportBaseQuery,
  subMoney,
} from '@gewst/domain';
import type { DbOrTx } from '../../db/client';
import { savedZerlegungen } from '../zerlegung/service';
import { pageOf, publicFilter, resolveFilter } from './common';
import * as repo from './repo';

/** One collator for all comparisons (localeCompare builds one per call). */
const GERMAN = new Intl.Collator('de');
const de = (v: string) => `${formatMoneyDe(v, { symbol: false })} €`;
const same = (a: string | null, b: string | null) =>
  a !== null && b !== null && moneyToCents(a) === moneyToCents(b);

/**
 * 5 Reconciliation: per year and municipality our Zerlegung × Hebesatz, the tax assessed
 * in the notices and what was paid, with the cause of every difference: a missing notice,
 * a notice with another Hebesatz (rate conflict) or another Messbetrag share than ours
 * (share conflict), an unpaid line; what none of these explains is "other".
 */
export async function reconciliationReport(
  db: DbOrTx,
  q: ReportBaseQuery & { page: number; per_page: number | null },
): Promise<ReconciliationReport> {
  const f = await resolveFilter(db, q);
  const [aggregates, zerlegungen, open] = await Promise.all([
    repo.reconciliationAggregates(db, f.scope),
    savedZerlegungen(db, f.company_id, f.year_from, f.year_to),
    repo.openPrincipalByEstablishment(db, f.scope),
  ]);
  const assessed = new Set(aggregates.map((a) => a.ags));
  const names = await repo.municipalitiesOf(db, [
    ...new Set(
      [...zerlegungen.values()]
        .flatMap((z) => z.result.zeilen.map((l) => l.ags))
        .filter((a) => !assessed.has(a)),
    ),
  ]);
  const openByKey = new Map<string, typeof open>();
  for (const o of open) {
    const k = `${o.year}|${o.ags}`;
    const list = openByKey.get(k);
    if (list) list.push(o);
    else openByKey.set(k, [o]);
  }
  // Messages are written for the rows returned only (a page), not for every row compared.
  type Cause = ReconciliationRow['ursachen'][number];
  // Plain Map/Set keyed by object: 25,000 rows of weak-map entries cost more in GC than they save.
  const messages = new Map<Cause, () => string>();
  const cause = (code: Cause['code'], link: Cause['link'], message: () => string): Cause => {
    const c = { code, message: '', link };
    messages.set(c, message);
    return c;
  };
  const aggregatesByKey = new Map(aggregates.map((a) => [`${a.year}|${a.ags}`, a]));
  const toBescheid = new Set<ReconciliationRow['ursachen'][number]['link']>();
  const rows: ReconciliationRow[] = [];
  for (let year = f.year_from; year <= f.year_to; year++) {
    const z = zerlegungen.get(year);
    const expected = new Map(
      (z?.result.zeilen ?? []).filter((l) => !f.ags || l.ags === f.ags).map((l) => [l.ags, l]),
    );
    const assessedAgs = aggregates.filter((a) => a.year === year).map((a) => a.ags);
    for (const ags of new Set([...expected.keys(), ...assessedAgs])) {
      const e = expected.get(ags);
      const a = aggregatesByKey.get(`${year}|${ags}`);
      // A municipality with a share of 0.00 and no payment data has nothing to reconcile.
      if (!a && e && Number(e.anteil) === 0) continue;
      const row: ReconciliationRow = {
        year,
        ags,
        gemeinde: a?.gemeinde ?? names.get(ags)?.name ?? ags,
        master_data_ids: a?.master_data_ids ?? [],
        erwartet_anteil: e?.anteil ?? null,
        erwartet_hebesatz: e?.hebesatz ?? null,
        erwartet: e ? (e.steuer ?? null) : null,
        festgesetzt_messbetrag: a ? (a.messbetrag ?? a.zerlegungsanteil) : null,
        festgesetzt_hebesatz: a?.hebesatz ?? null,
        festgesetzt: a?.festgesetzt ?? null,
        bezahlt: a?.bezahlt ?? '0.00',
        offen: a?.offen ?? '0.00',
        abweichung_festsetzung: null,
        abweichung_zahlung: null,
        ursachen: [],
      };
      if (row.festgesetzt !== null && row.erwartet !== null)
        row.abweichung_festsetzung = subMoney(row.festgesetzt, row.erwartet);
      if (row.festgesetzt !== null) row.abweichung_zahlung = subMoney(row.bezahlt, row.festgesetzt);
      const firstMd = row.master_data_ids[0] ?? null;
      // Points at the assessing Bescheid once the page is known (see below), else the payment data.
      const docLink = firstMd ? { kind: 'payment' as const, id: firstMd, year } : null;
      if (e && row.festgesetzt === null && z)
        row.ursachen.push(
          cause(
            'missing_notice',
            firstMd ? { kind: 'payment', id: firstMd, year } : { kind: 'zerlegung', id: z.id, year },
            () =>
              `Für ${year} liegt kein Gewerbesteuerbescheid vor; erwartet sind ${de(row.erwartet ?? '0')}.`,
          ),
        );
      if (row.festgesetzt !== null && z) {
        if (!e)
          row.ursachen.push(
            cause(
              'share_conflict',
              docLink ?? { kind: 'zerlegung', id: z.id, year },
              () =>
                `Die Gemeinde setzt ${de(row.festgesetzt!)} fest, unsere Zerlegung ${year} sieht für sie keinen Anteil vor.`,
            ),
          );
        if (
          e &&
          row.festgesetzt_hebesatz !== null &&
          e.hebesatz !== null &&
          row.festgesetzt_hebesatz !== e.hebesatz
        )
          row.ursachen.push(
            cause(
              'rate_conflict',
              docLink ?? { kind: 'zerlegung', id: z.id, year },
              () =>
                `Der Bescheid wendet einen Hebesatz von ${row.festgesetzt_hebesatz} % an, in unseren Daten gilt für ${year} ${e.hebesatz} %.`,
            ),
          );
        if (e && row.festgesetzt_messbetrag !== null && !same(row.festgesetzt_messbetrag, e.anteil))
          row.ursachen.push(
            cause(
              'share_conflict',
              docLink ?? { kind: 'zerlegung', id: z.id, year },
              () =>
                `Der Bescheid legt einen Messbetrag (Zerlegungsanteil) von ${de(row.festgesetzt_messbetrag!)} zugrunde, unsere Zerlegung ${de(e.anteil)}.`,
            ),
          );
      }
      for (const o of openByKey.get(`${year}|${ags}`) ?? [])
        row.ursachen.push(
          cause(
            'unpaid_line',
            { kind: 'payment', id: o.master_data_id, year },
            () => `${o.designation}: ${de(o.offen)} sind noch nicht bezahlt.`,
          ),
        );
      const explained = (code: Cause['code']) => row.ursachen.some((u) => u.code === code);
      const assessmentDiffers =
        row.abweichung_festsetzung !== null && Number(row.abweichung_festsetzung) !== 0;
      const paymentDiffers = row.abweichung_zahlung !== null && Number(row.abweichung_zahlung) !== 0;
      if (
        (assessmentDiffers && !explained('rate_conflict') && !explained('share_conflict')) ||
        (paymentDiffers && !explained('unpaid_line'))
      )
        row.ursachen.push(
          cause('other', docLink ?? { kind: 'zerlegung', id: z?.id ?? 0, year }, () =>
            assessmentDiffers
              ? `Festgesetzt ${de(row.festgesetzt!)}, erwartet ${de(row.erwartet!)}: Hebesatz und Anteil stimmen überein, die Differenz hat eine andere Ursache.`
              : `Bezahlt ${de(row.bezahlt)}, festgesetzt ${de(row.festgesetzt!)}: ohne offene Zeile (Über- oder Doppelzahlung?).`,
          ),
        );
      if (docLink && row.ursachen.some((u) => u.link === docLink)) toBescheid.add(docLink);
      rows.push(row);
    }
  }
  // Names in German order, ranked once: the rows then sort by number.
  const rank = new Map(
    [...new Set(rows.map((r) => r.gemeinde))].sort(GERMAN.compare).map((name, i) => [name, i]),
  );
  rows.sort(
    (a, b) =>
      b.year - a.year ||
      Number(b.ursachen.length > 0) - Number(a.ursachen.length > 0) ||
      rank.get(a.gemeinde)! - rank.get(b.gemeinde)! ||
      (a.ags < b.ags ? -1 : a.ags > b.ags ? 1 : 0),
  );
  const sums = new Map<
    number,
    { erwartet: bigint; festgesetzt: bigint; bezahlt: bigint; abweichungen: number }
  >();
  for (const r of rows) {
    const s = sums.get(r.year) ?? { erwartet: 0n, festgesetzt: 0n, bezahlt: 0n, abweichungen: 0 };
    if (r.erwartet !== null) s.erwartet += moneyToCents(r.erwartet);
    if (r.festgesetzt !== null) s.festgesetzt += moneyToCents(r.festgesetzt);
    s.bezahlt += moneyToCents(r.bezahlt);
    if (r.ursachen.length > 0) s.abweichungen++;
    sums.set(r.year, s);
  }
  const years = [];
  for (let year = f.year_to; year >= f.year_from; year--) {
    const s = sums.get(year);
    if (!s) continue;
    years.push({
      year,
      erwartet: formatMoneyPlain(s.erwartet),
      festgesetzt: formatMoneyPlain(s.festgesetzt),
      bezahlt: formatMoneyPlain(s.bezahlt),
      abweichungen: s.abweichungen,
    });
  }
  const page = pageOf(rows, q.page, q.per_page);
  for (const r of page.rows) for (const u of r.ursachen) u.message = messages.get(u)!();
  // The latest Bescheid behind an assessment, read for the rows shown only.
  const bescheide = await repo.latestBescheide(
    db,
    f.scope,
    page.rows.filter((r) => r.festgesetzt !== null && r.ursachen.length),
  );
  for (const r of page.rows)
    for (const u of r.ursachen) {
      const id = bescheide.get(`${r.year}|${r.ags}`);
      if (id && toBescheid.has(u.link)) u.link = { kind: 'document', id, year: r.year };
    }
  return {
    filter: publicFilter(f),
    zerlegungen: [...zerlegungen.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([year, z]) => ({ year, id: z.id, version: z.version, messbetrag: z.result.messbetrag })),
    rows: page.rows,
    meta: page.meta,
    years,
  };
}
