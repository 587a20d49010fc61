import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedTestApp, startTestApp } from '../../../test/helpers';

const url = process.env.TEST_DATABASE_URL;

/**
 * report_sums under two writers of one group (company, year, AGS) on PostgreSQL (PGlite has one
 * connection). The second writer's refresh must wait for the first and then count both payments
 * — not fail on the group's primary key (as before migration 0019) and not miss the first's row.
 */
describe.skipIf(!url)('report_sums with two concurrent writers of one group (PostgreSQL)', () => {
  let app: StartedTestApp;
  let a: pg.Client;
  let b: pg.Client;
  beforeAll(async () => {
    app = await startTestApp({}, 'postgres');
    const [row] = await app.built.database.query<{ name: string }>('select current_database() as name');
    const target = new URL(url!);
    target.pathname = `/${row!.name}`;
    a = new pg.Client({ connectionString: target.toString() });
    b = new pg.Client({ connectionString: target.toString() });
    await a.connect();
    await b.connect();
  }, 120_000);
  afterAll(async () => {
    await a?.end();
    await b?.end();
    await app?.stop();
  });

  it('the second waits for the first and the group counts both payments', async () => {
    const sql = app.built.database.query.bind(app.built.database);
    const [company] = await sql<{ id: number }>('select id from companies order by id limit 1');
    const [muni] = await sql<{ ags: string }>('select ags from municipalities order by ags limit 1');
    const establishment = async (designation: string) =>
      (
        await sql<{ id: number }>(
          'insert into master_data (company_id, ags, designation) values ($1, $2, $3) returning id',
          [company!.id, muni!.ags, designation],
        )
      )[0]!.id;
    const one = await establishment('Nebenläufig 1');
    const two = await establishment('Nebenläufig 2');
    const insert = (client: pg.Client, md: number, tax: string) =>
      client.query(
        'insert into payments (company_id, master_data_id, year, festgesetzte_steuer) values ($1, $2, 2031, $3)',
        [company!.id, md, tax],
      );

    const bPid = (await b.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    await a.query('begin');
    await b.query('begin');
    await insert(a, one, '1000.00'); // creates the group's row, uncommitted
    const second = insert(b, two, '234.56'); // its refresh must wait for a
    // wait until b is really blocked, so the order of events is forced, not left to timing
    for (let waiting = false; !waiting;) {
      const [row] = await sql<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'`,
        [bPid],
      );
      waiting = row!.n > 0;
      if (!waiting) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await a.query('commit');
    await second;
    await b.query('commit');

    const rows = await sql<{ payments: number; festgesetzt: string }>(
      'select payments, festgesetzt::text as festgesetzt from report_sums where company_id = $1 and year = 2031 and ags = $2',
      [company!.id, muni!.ags],
    );
    expect(rows).toEqual([{ payments: 2, festgesetzt: '1234.56' }]);
  }, 120_000);
});

/**
 * One statement touching thousands of groups (a bulk import, a restore of a large installation)
 * must not run out of lock memory: migration 0019 locked each group and failed with "out of
 * shared memory" at 25,000; the locks are per company and tax year now.
 */
describe('report_sums under a bulk write', () => {
  let app: StartedTestApp;
  beforeAll(async () => {
    app = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('inserts payments of 25,000 groups in one statement and keeps their sums', async () => {
    const sql = app.built.database.query.bind(app.built.database);
    const [company] = await sql<{ id: number }>(
      `insert into companies (name) values ('Zz Massenimport GmbH') returning id`,
    );
    await sql(
      `insert into master_data (company_id, ags, designation)
       select $1, ags, 'Werk ' || ags from (select ags from municipalities order by ags limit 5000) m`,
      [company!.id],
    );
    await sql(
      `insert into payments (company_id, master_data_id, year, festgesetzte_steuer)
       select $1, md.id, y, 100.00 from master_data md cross join generate_series(2020, 2024) y
       where md.company_id = $1`,
      [company!.id],
    );
    const [sums] = await sql<{ groups: number; total: string }>(
      `select count(*)::int as groups, sum(festgesetzt)::text as total from report_sums where company_id = $1`,
      [company!.id],
    );
    expect(sums).toEqual({ groups: 25000, total: '2500000.00' });
  }, 300_000);
});
