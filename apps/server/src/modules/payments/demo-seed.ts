import { computeVorauszahlungen } from '@gewst/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { calendarOf, holidaySetting } from '../calculations/calendar';
import { runOnce } from '../settings';
import { refreshSums } from './repo';

/** Same small deterministic generator as the master data demo: every fresh installation looks alike. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Demo prepayment schedules for the current year (issue 13): most demo establishments get
 * the four quarterly prepayments of a plausible Vorauszahlungsbescheid (1/4 of MB ×
 * Hebesatz, due on the 15th moved to a working day), the quarters already due marked
 * paid — so that "Vorauszahlungen erstellen" for the current quarter has something to
 * book on a fresh start. Runs once.
 */
export async function seedDemoPrepayments(db: DbOrTx, today = new Date()): Promise<void> {
  await runOnce(db, 'seed.demo.prepayments', (tx) => seedSchedules(tx, today));
}

async function seedSchedules(db: DbOrTx, today: Date): Promise<void> {
  const year = today.getFullYear();
  const iso = today.toISOString().slice(0, 10);
  const establishments = await rowsOf<{
    id: number;
    company_id: number;
    ags: string;
    bundesland: string | null;
    hebesatz: number | null;
  }>(
    db,
    sql`select md.id, md.company_id, md.ags, m.bundesland,
          coalesce((select r.hebesatz from master_data_rates r where r.master_data_id = md.id
                    order by r.year desc limit 1),
                   (select mr.hebesatz from municipality_rates mr where mr.ags = md.ags
                    order by mr.year desc limit 1)) as hebesatz
        from master_data md join municipalities m on m.ags = md.ags
        where md.valid_to is null and not exists (
          select 1 from payments p where p.master_data_id = md.id and p.year = ${year})
        order by md.company_id, md.id`,
  );
  const setting = await holidaySetting(db);
  const lines: Record<string, unknown>[] = [];
  const payments: Record<string, unknown>[] = [];
  for (const e of establishments) {
    const rand = prng(e.id * 104729 + year);
    if (rand() < 0.15) continue; // a few establishments without prepayments
    const hebesatz = e.hebesatz ?? 400;
    const messbetrag = 200 + Math.floor(rand() * 4800);
    const product = messbetrag * hebesatz; // integer cents of MB × Hebesatz / 100
    const steuer = `${Math.floor(product / 100)}.${String(product % 100).padStart(2, '0')}`;
    const { quartale } = computeVorauszahlungen({
      year,
      letzte_steuer: steuer,
      ...calendarOf(e.ags, setting, e.bundesland),
    });
    if (!quartale.length) continue;
    payments.push({ company_id: e.company_id, master_data_id: e.id, year, messbetrag, hebesatz });
    for (const q of quartale) {
      const due = q.faellig_am < iso;
      lines.push({
        company_id: e.company_id,
        master_data_id: e.id,
        year,
        quartal: q.quartal,
        betrag: q.betrag,
        faellig_am: q.faellig_am,
        status: due ? 'bezahlt' : 'offen',
        status_date: due ? q.faellig_am : null,
      });
    }
  }
  if (payments.length) {
    const ids = await rowsOf<{ id: number }>(
      db,
      sql`insert into payments (company_id, master_data_id, year, messbetrag, hebesatz)
          select company_id, master_data_id, year, messbetrag, hebesatz
          from jsonb_to_recordset(${JSON.stringify(payments)}::jsonb)
            as x(company_id int, master_data_id int, year int, messbetrag numeric, hebesatz int)
          on conflict do nothing returning id`,
    );
    await db.execute(sql`
      insert into payment_lines (payment_id, company_id, master_data_id, year, kind, quartal, betrag, faellig_am,
        status, status_date, reason)
      select p.id, x.company_id, x.master_data_id, x.year, 'vorauszahlung', x.quartal, x.betrag, x.faellig_am,
        x.status, x.status_date,
        'Demo: Vorauszahlung ' || x.quartal || '. Quartal ' || x.year || ' laut Vorauszahlungsbescheid.'
      from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(company_id int, master_data_id int,
        year int, quartal int, betrag numeric, faellig_am date, status text, status_date date)
      join payments p on p.master_data_id = x.master_data_id and p.year = x.year`);
    await refreshSums(
      db,
      ids.map((r) => r.id),
    );
  }
}
