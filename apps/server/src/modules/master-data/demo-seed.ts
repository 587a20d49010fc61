import { sql } from 'drizzle-orm';
import { composeIBAN } from 'ibantools';
import type { DbOrTx } from '../../db/client';
import { companies } from '../companies';
import { rowsOf } from '../../db/sql';
import { runOnce } from '../settings';

/** Small deterministic PRNG so every fresh demo installation looks the same. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const STREETS = ['Hauptstraße', 'Bahnhofstraße', 'Industriestraße', 'Gewerbering', 'Am Markt', 'Lindenallee'];
const KINDS = ['Niederlassung', 'Lager', 'Filiale', 'Büro', 'Werk', 'Depot'];

/**
 * Demo establishments: each company without master data gets 20–60 records in real
 * municipalities, exactly one flagged as Geschäftsleitung (at `ags_geschaeftsleitung` if set),
 * with Kassenzeichen, bank data, wages for two years and a few rates that depart from
 * the reference (so the conflict list has something to show). Runs once.
 */
export async function seedDemoMasterData(db: DbOrTx): Promise<void> {
  await runOnce(db, 'seed.demo.master_data', (tx) => seedEstablishments(tx));
}

async function seedEstablishments(db: DbOrTx): Promise<void> {
  const allAgs = (await rowsOf<{ ags: string }>(db, sql`select ags from municipalities order by ags`)).map(
    (r) => r.ags,
  );
  if (allAgs.length === 0) return;
  for (const company of await db.select().from(companies).orderBy(companies.id)) {
    const [existing] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from master_data where company_id = ${company.id}`,
    );
    if ((existing?.n ?? 0) > 0) continue;
    const rand = prng(company.id * 7919);
    const count = 20 + Math.floor(rand() * 41);
    const chosen = new Set<string>();
    const gl =
      company.ags_geschaeftsleitung && allAgs.includes(company.ags_geschaeftsleitung)
        ? company.ags_geschaeftsleitung
        : null;
    if (gl) chosen.add(gl);
    while (chosen.size < count) chosen.add(allAgs[Math.floor(rand() * allAgs.length)]!);
    const rows = [...chosen].map((ags, i) => {
      const blz = `${ags.slice(0, 2)}0${String(Math.floor(rand() * 99999)).padStart(5, '0')}`;
      const account = String(Math.floor(rand() * 1e10)).padStart(10, '0');
      return {
        ags,
        designation: i === 0 ? 'Hauptverwaltung' : `${KINDS[i % KINDS.length]} ${i + 1}`,
        street: `${STREETS[Math.floor(rand() * STREETS.length)]} ${1 + Math.floor(rand() * 120)}`,
        iban: composeIBAN({ countryCode: 'DE', bban: `${blz}${account}` }),
        creditor_number: `K${String(70000 + company.id * 1000 + i)}`,
        cost_center: String(1000 + i * 10),
        valid_from: `20${String(10 + Math.floor(rand() * 12))}-01-01`,
        // the first record (at ags_geschaeftsleitung when the company names one) is the one Geschäftsleitung
        geschaeftsleitung: i === 0,
        kassenzeichen: `${ags.slice(2, 5)}.${company.id}${String(i).padStart(3, '0')}.${Math.floor(rand() * 10)}`,
        wages2023: (Math.floor(rand() * 4000) * 500).toFixed(2),
        wages2024: (Math.floor(rand() * 4000) * 500).toFixed(2),
        employees: 1 + Math.floor(rand() * 80),
        override: i > 0 && i % 9 === 0,
      };
    });
    await db.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
          ags text, designation text, street text, iban text, creditor_number text, cost_center text,
          valid_from date, geschaeftsleitung boolean, kassenzeichen text, wages2023 numeric, wages2024 numeric,
          employees int, override boolean)
      ),
      ins as (
        insert into master_data (company_id, ags, designation, street, city, iban, creditor_number, cost_center,
          valid_from, geschaeftsleitung)
        select ${company.id}, i.ags, i.designation, i.street, split_part(m.name, ',', 1), i.iban, i.creditor_number,
          i.cost_center, i.valid_from, i.geschaeftsleitung
        from input i join municipalities m on m.ags = i.ags
        returning id, ags
      ),
      refs as (
        insert into master_data_references (master_data_id, kind, value)
        select ins.id, 'kassenzeichen', i.kassenzeichen from ins join input i on i.ags = ins.ags
      ),
      wages as (
        insert into master_data_wages (master_data_id, year, employees, wages)
        select ins.id, y.year, i.employees, case when y.year = 2023 then i.wages2023 else i.wages2024 end
        from ins join input i on i.ags = ins.ags cross join (values (2023), (2024)) y(year)
      )
      insert into master_data_rates (master_data_id, year, hebesatz, source, note)
      select ins.id, 2021, mr.hebesatz + 15, 'manual', 'Demo: Wert aus altem Bescheid, bitte prüfen'
      from ins join input i on i.ags = ins.ags join municipality_rates mr on mr.ags = ins.ags and mr.year = 2021
      where i.override`);
  }
}
