import {
  formatMoneyDe,
  pageMeta,
  type ReconciliationReport,
  type ReconciliationRow,
  type ReportBaseQuery,
} from '@gewst/domain';
import type { DbOrTx } from '../../db/client';
import { municipalityOrder } from '../municipalities';
import { publicFilter, resolveFilter } from './common';
import * as repo from './repo';

const de = (v: string) => `${formatMoneyDe(v, { symbol: false })} €`;

type Cause = ReconciliationRow['ursachen'][number];

/**
 * 5 Reconciliation: per year and municipality our Zerlegung × Hebesatz, the tax assessed
 * in the notices and what was paid, with the cause of every difference: a missing notice,
 * a notice with another Hebesatz (rate conflict) or another Messbetrag share than ours
 * (share conflict), an unpaid line; what none of these explains is "other".
 *
 * The database compares, decides the causes, sums and sorts (repo.reconciliationFigures);
 * only the page comes back, and its messages and links are written here.
 */
export async function reconciliationReport(
  db: DbOrTx,
  q: ReportBaseQuery & { page: number; per_page: number | null },
): Promise<ReconciliationReport> {
  const f = await resolveFilter(db, q);
  const figures = await repo.reconciliationFigures(
    db,
    f.scope,
    await municipalityOrder(db),
    q.per_page === null
      ? { limit: null, offset: 0 }
      : { limit: q.per_page, offset: (q.page - 1) * q.per_page },
  );
  return {
    filter: publicFilter(f),
    zerlegungen: figures.zerlegungen,
    rows: figures.rows.map(rowOf),
    meta:
      q.per_page === null
        ? pageMeta(1, Math.max(1, figures.total), figures.total)
        : pageMeta(q.page, q.per_page, figures.total),
    years: figures.years,
  };
}

/** A compared row with its causes in words, each linked to where to look. */
function rowOf(r: repo.ReconciliationFigure): ReconciliationRow {
  const { year } = r;
  const firstMd = r.master_data_ids[0] ?? null;
  const zerlegung = { kind: 'zerlegung' as const, id: r.zerlegung_id ?? 0, year };
  // The notice's conflicts point at the assessing Bescheid, else the payment data, else the Zerlegung.
  const docLink: Cause['link'] = firstMd
    ? r.bescheid_id
      ? { kind: 'document', id: r.bescheid_id, year }
      : { kind: 'payment', id: firstMd, year }
    : zerlegung;
  const ursachen: Cause[] = [];
  const cause = (code: Cause['code'], link: Cause['link'], message: string) =>
    ursachen.push({ code, message, link: { ...link } });
  if (r.missing_notice)
    cause(
      'missing_notice',
      firstMd ? { kind: 'payment', id: firstMd, year } : zerlegung,
      `Für ${year} liegt kein Gewerbesteuerbescheid vor; erwartet sind ${de(r.erwartet ?? '0')}.`,
    );
  if (r.no_share)
    cause(
      'share_conflict',
      docLink,
      `Die Gemeinde setzt ${de(r.festgesetzt!)} fest, unsere Zerlegung ${year} sieht für sie keinen Anteil vor.`,
    );
  if (r.rate_conflict)
    cause(
      'rate_conflict',
      docLink,
      `Der Bescheid wendet einen Hebesatz von ${r.festgesetzt_hebesatz} % an, in unseren Daten gilt für ${year} ${r.erwartet_hebesatz} %.`,
    );
  if (r.share_conflict)
    cause(
      'share_conflict',
      docLink,
      `Der Bescheid legt einen Messbetrag (Zerlegungsanteil) von ${de(r.festgesetzt_messbetrag!)} zugrunde, unsere Zerlegung ${de(r.erwartet_anteil!)}.`,
    );
  for (const o of r.unpaid)
    cause(
      'unpaid_line',
      { kind: 'payment', id: o.master_data_id, year },
      `${o.designation}: ${de(o.offen)} sind noch nicht bezahlt.`,
    );
  if (r.other)
    cause(
      'other',
      docLink,
      r.assessment_differs
        ? `Festgesetzt ${de(r.festgesetzt!)}, erwartet ${de(r.erwartet!)}: Hebesatz und Anteil stimmen überein, die Differenz hat eine andere Ursache.`
        : `Bezahlt ${de(r.bezahlt)}, festgesetzt ${de(r.festgesetzt!)}: ohne offene Zeile (Über- oder Doppelzahlung?).`,
    );
  return {
    year,
    ags: r.ags,
    gemeinde: r.gemeinde,
    master_data_ids: r.master_data_ids,
    erwartet_anteil: r.erwartet_anteil,
    erwartet_hebesatz: r.erwartet_hebesatz,
    erwartet: r.erwartet,
    festgesetzt_messbetrag: r.festgesetzt_messbetrag,
    festgesetzt_hebesatz: r.festgesetzt_hebesatz,
    festgesetzt: r.festgesetzt,
    bezahlt: r.bezahlt,
    offen: r.offen,
    abweichung_festsetzung: r.abweichung_festsetzung,
    abweichung_zahlung: r.abweichung_zahlung,
    ursachen,
  };
}
