/**
 * Data of the reports benchmark: one company with 5,000 establishments × 5 years
 * (25,000 payments, 150,000 payment lines) and a saved Zerlegung per year over all
 * establishments, in an in-process app on in-memory PGlite.
 */
import { sql } from 'drizzle-orm';
import { benchApp, insertCompany } from '../shared/app';

// BENCH_PGDATA: keep the database in a directory and reuse its data on the next run.
const { built, database, headers, measure } = await benchApp(process.env.BENCH_PGDATA ?? null);

async function establishmentsOf(companyId: number) {
  return built.database.query<{ ags: string; gl: boolean }>(
    `select ags, geschaeftsleitung as gl from master_data where company_id = ${companyId} order by id`,
  );
}

const started = performance.now();
async function createData(): Promise<number> {
  const cid = await insertCompany(database, 'Bench Reporting GmbH', {
    // Assessed years 2020–2023 (MB × Hebesatz), 2024 prepaid only; every tenth 2021 payment
    // with a §233a comparison.
    columns: sql`festgesetzte_steuer, messbetrag, hebesatz, checks, interest`,
    values: sql`
      case when y < 2024 then (1000 + md.id % 97) * (400 + y - 2020) / 100.0 end,
      case when y < 2024 then 1000 + md.id % 97 end,
      case when y < 2024 then 400 + y - 2020 end,
      '[]'::jsonb,
      case when y = 2021 and md.id % 10 = 0 then
        jsonb_build_object('notice', '30.00', 'ours', '27.00', 'base', '1000.00', 'from', '2023-10-01', 'to', '2024-06-06', 'months', 8) end`,
  });
  await built.database.db.execute(sql`
    insert into master_data_wages (master_data_id, year, employees, wages)
    select md.id, y, 10, 100000 + (md.id % 50) * 1000
    from master_data md cross join generate_series(2020, 2024) y where md.company_id = ${cid}`);
  // A saved Zerlegung per year over all establishments (through the API, as a user would).
  for (const year of [2020, 2021, 2022, 2023, 2024]) {
    const res = await built.app.inject({
      method: 'POST',
      url: '/api/zerlegungen',
      headers,
      payload: {
        company_id: cid,
        year,
        messbetrag: '5240000.00',
        schluessel: 'arbeitslohn',
        zeilen: (await establishmentsOf(cid)).map((e, i) => ({
          ags: e.ags,
          geschaeftsleitung: e.gl,
          hebesatz: 400 + year - 2020,
          arbeitsloehne: `${100000 + (i % 50) * 1000}.00`,
        })),
      },
    });
    if (res.statusCode !== 201)
      throw new Error(`Zerlegung ${year}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
  await built.database.db.execute(sql`analyze`);
  const [counts] = await built.database.query<{ p: number; l: number }>(
    `select (select count(*)::int from payments where company_id = ${cid}) as p,
            (select count(*)::int from payment_lines where company_id = ${cid}) as l`,
  );
  console.log(
    `insert ${counts!.p} payments, ${counts!.l} lines, 5 Zerlegungen: ${Math.round(performance.now() - started)} ms`,
  );

  return cid;
}

const [existing] = await built.database.query<{ id: number }>(
  "select id from companies where name = 'Bench Reporting GmbH'",
);
const cid = existing?.id ?? (await createData());
const establishments = await establishmentsOf(cid);

export { built, cid, database, establishments, headers, measure };
