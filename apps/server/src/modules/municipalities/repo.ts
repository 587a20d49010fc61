import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';

export interface MunicipalityRow {
  ags: string;
  name: string;
  bundesland: string;
  plz: string;
  hebesatz: number | null;
  hebesatz_year: number | null;
}

const withLatestRate = (inner: ReturnType<typeof sql>) => sql`
  select m.ags, m.name, m.bundesland, m.plz, r.hebesatz, r.year as hebesatz_year
  from (${inner}) m
  left join lateral (
    select hebesatz, year from municipality_rates mr where mr.ags = m.ags order by year desc limit 1
  ) r on true
  order by m.rank, m.len, m.name`;

export async function findMunicipality(db: DbOrTx, ags: string) {
  return (
    (
      await rowsOf<MunicipalityRow>(
        db,
        withLatestRate(sql`
          select ags, name, bundesland, plz, 0 as rank, 0 as len from municipalities where ags = ${ags}`),
      )
    )[0] ?? null
  );
}

export function ratesOf(db: DbOrTx, ags: string) {
  return rowsOf<{ year: number; hebesatz: number; source: string }>(
    db,
    sql`select year, hebesatz, source from municipality_rates where ags = ${ags} order by year desc`,
  );
}

export function namesByAgs(db: DbOrTx, ags: string[]) {
  return rowsOf<{ ags: string; name: string }>(
    db,
    sql`select ags, name from municipalities
        where ags in (select jsonb_array_elements_text(${JSON.stringify(ags)}::jsonb))`,
  );
}

export function ratesForYear(db: DbOrTx, year: number) {
  return rowsOf<{ ags: string; hebesatz: number }>(
    db,
    sql`select ags, hebesatz from municipality_rates where year = ${year}`,
  );
}

export async function upsertRates(db: DbOrTx, year: number, rows: { ags: string; hebesatz: number }[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into municipality_rates (ags, year, hebesatz, source)
    select ags, ${year}, hebesatz, 'import'
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(ags text, hebesatz int)
    on conflict (ags, year) do update set hebesatz = excluded.hebesatz, source = 'import', updated_at = now()`);
}
