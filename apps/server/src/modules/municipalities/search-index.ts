import { municipalitySearchKey } from '@gewst/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';
import type { MunicipalityRow } from './repo';

interface Entry {
  ags: string;
  name: string;
  bundesland: string;
  plz: string;
  key: string;
  alt: string;
}

interface SearchIndex {
  entries: Entry[];
  byPlz: Map<string, Entry[]>;
}

/**
 * The municipality table changes only when the base seed loads a newer reference file,
 * which happens at start-up; so each process keeps one read-only copy of the ~10,751
 * folded keys and searches them in memory (a LIKE scan on PGlite costs 5–10 ms, this
 * well under 1 ms). Rates are not cached: they can be imported at run time and are read
 * from the database for the hits only.
 */
const indexes = new WeakMap<object, Promise<SearchIndex>>();

export function invalidateSearchIndex(db: DbOrTx): void {
  indexes.delete(db);
}

function load(db: DbOrTx): Promise<SearchIndex> {
  let index = indexes.get(db);
  if (!index) {
    index = (async () => {
      const entries = await rowsOf<Entry>(
        db,
        sql`select ags, name, bundesland, plz, search_key as key, search_key_alt as alt from municipalities`,
      );
      const byPlz = new Map<string, Entry[]>();
      for (const e of entries)
        for (const plz of e.plz.split(' ').filter(Boolean)) byPlz.set(plz, [...(byPlz.get(plz) ?? []), e]);
      return { entries, byPlz };
    })();
    index.catch(() => indexes.delete(db));
    indexes.set(db, index);
  }
  return index;
}

const collator = new Intl.Collator('de');

/** The German order of all municipalities, by index (built once per loaded index). */
const orders = new WeakMap<SearchIndex, string>();

/**
 * Every AGS in the German order of the municipality names (`Intl.Collator('de')`, then the
 * AGS), as one `text[]` literal: SQL joins it `with ordinality` to sort rows by name the same
 * on PGlite and PostgreSQL (neither has to provide a German collation).
 */
export async function municipalityOrder(db: DbOrTx): Promise<string> {
  const index = await load(db);
  let order = orders.get(index);
  if (order === undefined) {
    const sorted = [...index.entries].sort(
      (a, b) => collator.compare(a.name, b.name) || (a.ags < b.ags ? -1 : a.ags > b.ags ? 1 : 0),
    );
    order = `{${sorted.map((e) => e.ags).join(',')}}`;
    orders.set(index, order);
  }
  return order;
}

function top(hits: { e: Entry; rank: number }[], limit: number): Entry[] {
  return hits
    .sort(
      (a, b) => a.rank - b.rank || a.e.name.length - b.e.name.length || collator.compare(a.e.name, b.e.name),
    )
    .slice(0, limit)
    .map((h) => h.e);
}

/**
 * Name (umlauts optional, suffixes like ", Stadt" ignored), AGS (prefix) or PLZ. Exact
 * key first, then prefix, then substring; shorter names first within a rank.
 */
export async function searchIndex(db: DbOrTx, search: string, limit: number): Promise<MunicipalityRow[]> {
  const { entries, byPlz } = await load(db);
  const q = search.trim();
  let found: Entry[];
  const digits = q.replace(/\s/g, '');
  if (q === '')
    found = top(
      entries.map((e) => ({ e, rank: 0 })),
      limit,
    );
  else if (/^\d{1,8}$/.test(digits)) {
    const hits: { e: Entry; rank: number }[] = [];
    for (const e of entries) if (e.ags.startsWith(digits)) hits.push({ e, rank: e.ags === digits ? 0 : 1 });
    if (digits.length === 5) for (const e of byPlz.get(digits) ?? []) hits.push({ e, rank: 0 });
    found = top(hits, limit);
  } else {
    const key = municipalitySearchKey(q);
    const alt = municipalitySearchKey(q, 'ae');
    if (!key) return [];
    const hits: { e: Entry; rank: number }[] = [];
    for (const e of entries) {
      if (e.key === key || e.alt === alt) hits.push({ e, rank: 0 });
      else if (e.key.startsWith(key) || e.alt.startsWith(alt)) hits.push({ e, rank: 1 });
      else if (e.key.includes(key) || e.alt.includes(alt)) hits.push({ e, rank: 2 });
    }
    found = top(hits, limit);
  }
  if (found.length === 0) return [];
  const rates = await rowsOf<{ ags: string; hebesatz: number; year: number }>(
    db,
    sql`select distinct on (ags) ags, hebesatz, year from municipality_rates
        where ags in (${sql.join(
          found.map((f) => sql`${f.ags}`),
          sql`, `,
        )})
        order by ags, year desc`,
  );
  const rateOf = new Map(rates.map((r) => [r.ags, r]));
  return found.map((e) => ({
    ags: e.ags,
    name: e.name,
    bundesland: e.bundesland,
    plz: e.plz,
    hebesatz: rateOf.get(e.ags)?.hebesatz ?? null,
    hebesatz_year: rateOf.get(e.ags)?.year ?? null,
  }));
}
