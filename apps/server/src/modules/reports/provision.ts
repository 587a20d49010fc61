import {
  DomainValidationError,
  formatMoneyDe,
  formatMoneyPlain,
  moneyToCents,
  type ProvisionAdopt,
  type ProvisionQuery,
  type ProvisionReport,
  type ProvisionRow,
  sumMoney,
  type ZerlegungRequest,
  type ZerlegungResponse,
} from '@gewst/domain';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, conflict } from '../../http/errors';
import type { Actor } from '../audit/service';
import { setProvision } from '../bookings';
import * as calculations from '../calculations/service';
import { settings } from '../settings';
import { inputsVersion, prefill, savedZerlegungen } from '../zerlegung/service';
import { pageOf, publicFilter, resolveFilter, today } from './common';
import * as repo from './repo';

/** The year end a provision is usually made for: the current year. */
export const defaultProvisionYear = () => Number(today().slice(0, 4));

interface ExpectedZerlegung {
  quelle: 'gespeichert' | 'stammdaten' | 'keine';
  saved: { id: number; version: number } | null;
  /** The result's lines (all municipalities), with the municipality names. */
  zeilen: readonly ZerlegungResponse['zeilen'][number][];
  names: ReadonlyMap<string, string>;
  hinweise: readonly string[];
}

/**
 * Computed expected Zerlegungen per database handle (bounded, least recently used first
 * out). A key names everything the result depends on: company, year, Messbetrag, the saved
 * version (immutable) or the master data, the rounding rule and the change counter of the
 * municipalities, reference Hebesätze, companies and master data (zerlegung
 * `inputsVersion`, raised by a trigger in the transaction of every write to them). The
 * counter is read first, so an entry never holds older data than its key says, and a
 * write on any instance sharing the database misses the cache on the very next request.
 */
const expectedCache = new WeakMap<object, Map<string, ExpectedZerlegung>>();
const EXPECTED_CACHED = 16;

/**
 * Our Zerlegung of the expected Messbetrag: the saved Zerlegung of the year with the
 * Messbetrag replaced, else the establishments, wages and Hebesätze of the master data.
 */
async function expectedZerlegung(
  db: DbOrTx,
  companyId: number,
  year: number,
  messbetrag: string,
): Promise<ExpectedZerlegung> {
  const inputs = await inputsVersion(db);
  const saved = (await savedZerlegungen(db, companyId, year, year)).get(year);
  const rundung = saved ? (saved.input.rundung ?? (await settings.get(db, 'zerlegung.rundung'))) : null;
  const key = [
    companyId,
    year,
    messbetrag,
    saved ? `${saved.id}.${saved.version}` : '-',
    rundung,
    inputs,
  ].join('|');
  let cache = expectedCache.get(db);
  if (!cache) expectedCache.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const computed = await computeExpected(db, companyId, year, messbetrag, saved, rundung);
  if (cache.size >= EXPECTED_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(key, computed);
  return computed;
}

async function computeExpected(
  db: DbOrTx,
  companyId: number,
  year: number,
  messbetrag: string,
  saved: Awaited<ReturnType<typeof savedZerlegungen>> extends Map<number, infer S> ? S | undefined : never,
  rundung: ZerlegungRequest['rundung'] | null,
): Promise<ExpectedZerlegung> {
  let input: ZerlegungRequest;
  if (saved) {
    input = {
      year,
      messbetrag,
      schluessel: saved.input.schluessel,
      rechtsform: saved.input.rechtsform,
      rundung: rundung ?? undefined,
      zeilen: saved.input.zeilen.map(({ name: _name, ...z }) => z),
    };
  } else {
    const p = await prefill(db, companyId, year);
    if (!p.zeilen.length) return { ...NONE, hinweise: p.hinweise };
    if (!p.zeilen.some((z) => z.geschaeftsleitung)) p.zeilen[0]!.geschaeftsleitung = true;
    input = {
      year,
      messbetrag,
      schluessel: 'arbeitslohn',
      rechtsform: p.rechtsform,
      rundung: 'largest_remainder',
      zeilen: p.zeilen.map(({ name: _name, ...z }) => z),
    };
  }
  try {
    const result: ZerlegungResponse = await calculations.zerlegung(db, input, companyId);
    const names = await repo.municipalitiesOf(
      db,
      result.zeilen.map((l) => l.ags),
    );
    return {
      quelle: saved ? 'gespeichert' : 'stammdaten',
      saved: saved ? { id: saved.id, version: saved.version } : null,
      zeilen: result.zeilen,
      names: new Map([...names].map(([ags, m]) => [ags, m.name])),
      hinweise: result.hinweise,
    };
  } catch (err) {
    if (!(err instanceof DomainValidationError) && !(err instanceof AppError)) throw err;
    return {
      ...NONE,
      hinweise: [
        `Die Zerlegung ${year} lässt sich aus den ${saved ? 'gespeicherten Angaben' : 'Stammdaten'} nicht berechnen (${err.message}).`,
      ],
    };
  }
}

const NONE = { quelle: 'keine', saved: null, zeilen: [], names: new Map(), hinweise: [] } as const;

/**
 * 2 Provision proposal for a year end: per municipality the expected trade tax (the
 * assessed tax where a Bescheid exists, else our Zerlegung of the expected Messbetrag ×
 * Hebesatz) less the prepayments set for the year.
 */
export async function provisionReport(
  db: DbOrTx,
  q: Omit<ProvisionQuery, 'per_page'> & { per_page: number | null },
): Promise<ProvisionReport> {
  const year = q.year ?? defaultProvisionYear();
  const f = await resolveFilter(db, { company_id: q.company_id, year_from: year, year_to: year, ags: q.ags });
  const aggregates = await repo.provisionAggregates(db, f.scope);
  const hinweise: string[] = [];
  let mb: ProvisionReport['messbetrag'] = { betrag: null, quelle: 'keine' };
  if (q.messbetrag) mb = { betrag: sumMoney([q.messbetrag]), quelle: 'eingabe' };
  else {
    const fromNotice = await repo.expectedMessbetrag(db, f.company_id, year);
    if (fromNotice) mb = { betrag: fromNotice, quelle: 'messbescheid' };
    else {
      const saved = (await savedZerlegungen(db, f.company_id, year, year)).get(year);
      if (saved) mb = { betrag: saved.result.messbetrag, quelle: 'zerlegung' };
    }
  }
  let zerlegung: ProvisionReport['zerlegung'] = { quelle: 'keine', id: null, version: null };
  let lines: ExpectedZerlegung['zeilen'] = [];
  let names: ReadonlyMap<string, string> = new Map();
  if (mb.betrag !== null) {
    const z = await expectedZerlegung(db, f.company_id, year, mb.betrag);
    hinweise.push(...z.hinweise);
    lines = f.ags ? z.zeilen.filter((l) => l.ags === f.ags) : z.zeilen;
    names = z.names;
    zerlegung = { quelle: z.quelle, id: z.saved?.id ?? null, version: z.saved?.version ?? null };
  } else
    hinweise.push(
      `Für ${year} ist kein erwarteter Messbetrag bekannt (kein Messbescheid, keine gespeicherte Zerlegung): bitte einen Messbetrag angeben. Nur festgesetzte Gemeinden sind berücksichtigt.`,
    );
  const byAgs = new Map(aggregates.map((a) => [a.ags, a]));
  const lineByAgs = new Map(lines.map((l) => [l.ags, l]));
  // Sums and order in exact integer cents (the figures are two-place decimals).
  const rows: ProvisionRow[] = [];
  const cents = new Map<ProvisionRow, bigint>();
  let erwartetSum = 0n;
  let vzSum = 0n;
  for (const ags of new Set([...lines.map((l) => l.ags), ...byAgs.keys()])) {
    const a = byAgs.get(ags);
    const e = lineByAgs.get(ags);
    const vz = a?.vorauszahlungen ?? '0.00';
    let row: Omit<ProvisionRow, 'vorauszahlungen' | 'rueckstellung'>;
    if (a?.festgesetzt != null)
      row = {
        ags,
        gemeinde: a.gemeinde,
        quelle: 'bescheid',
        anteil: a.messbetrag,
        hebesatz: a.hebesatz,
        erwartet: a.festgesetzt,
      };
    else if (e?.steuer != null)
      row = {
        ags,
        gemeinde: a?.gemeinde ?? names.get(ags) ?? ags,
        quelle: 'zerlegung',
        anteil: e.anteil,
        hebesatz: e.hebesatz,
        erwartet: e.steuer,
      };
    else
      row = {
        ags,
        gemeinde: a?.gemeinde ?? names.get(ags) ?? ags,
        quelle: 'keine',
        anteil: e?.anteil ?? null,
        hebesatz: null,
        erwartet: '0.00',
      };
    const vzCents = moneyToCents(vz);
    if (row.quelle === 'keine' && vzCents === 0n && Number(row.anteil ?? 0) === 0) continue;
    const erwartetCents = moneyToCents(row.erwartet);
    const rueckstellung = erwartetCents - vzCents;
    const full = { ...row, vorauszahlungen: vz, rueckstellung: formatMoneyPlain(rueckstellung) };
    rows.push(full);
    cents.set(full, rueckstellung);
    erwartetSum += erwartetCents;
    vzSum += vzCents;
  }
  const missing = rows.filter((r) => r.quelle === 'keine').length;
  if (missing) hinweise.push(`Für ${missing} Gemeinde(n) fehlt ein Hebesatz oder Anteil: erwartet 0,00 €.`);
  rows.sort((a, b) => {
    const d = cents.get(b)! - cents.get(a)!;
    return d > 0n ? 1 : d < 0n ? -1 : a.ags.localeCompare(b.ags);
  });
  const page = pageOf(rows, q.page, q.per_page);
  return {
    filter: { ...publicFilter(f), year },
    messbetrag: mb,
    zerlegung,
    rows: page.rows,
    meta: page.meta,
    total: {
      erwartet: formatMoneyPlain(erwartetSum),
      vorauszahlungen: formatMoneyPlain(vzSum),
      rueckstellung: formatMoneyPlain(erwartetSum - vzSum),
    },
    hinweise,
  };
}

/**
 * Adopts the proposal (all municipalities of the company) as the provision of the year:
 * written through the bookings module's provisions (audit-logged there, action
 * provision-create/-update, note naming the proposal), which the bookings of that year's
 * assessments then consume.
 */
export async function adoptProvision(db: Db, actor: Actor, body: ProvisionAdopt) {
  const proposal = await provisionReport(db, {
    company_id: body.company_id,
    year: body.year,
    ...(body.messbetrag ? { messbetrag: body.messbetrag } : {}),
    page: 1,
    per_page: null,
  });
  const total = proposal.total.rueckstellung;
  if (moneyToCents(total) !== moneyToCents(body.rueckstellung))
    throw conflict(
      'PROVISION_PROPOSAL_CHANGED',
      `Der Vorschlag hat sich inzwischen geändert: Rückstellung jetzt ${formatMoneyDe(total, { symbol: false })} €. Bitte den Bericht neu laden und prüfen.`,
    );
  if (moneyToCents(total) < 0n)
    throw new AppError(
      422,
      'PROVISION_NEGATIVE',
      `Die Vorauszahlungen ${body.year} übersteigen die erwartete Steuer um ${formatMoneyDe(total.replace('-', ''), { symbol: false })} €: keine Rückstellung zu bilden (Erstattung zu erwarten).`,
      { rueckstellung: ['Eine Rückstellung kann nicht negativ sein.'] },
    );
  const source =
    proposal.messbetrag.quelle === 'keine'
      ? 'nur festgesetzte Gemeinden'
      : `Messbetrag ${formatMoneyDe(proposal.messbetrag.betrag!, { symbol: false })} € (${MB_SOURCE[proposal.messbetrag.quelle]})`;
  return setProvision(db, actor, body.company_id, body.year, {
    amount: total,
    note: `Aus dem Rückstellungsvorschlag vom ${proposal.filter.stand}: ${source}.`,
  });
}

const MB_SOURCE = {
  eingabe: 'eingegeben',
  messbescheid: 'Messbescheid',
  zerlegung: 'gespeicherte Zerlegung',
} as const;
