import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';

/**
 * For the reports (issue 15): a payment line counts as booked ("gebucht") when the
 * booking it went into was exported and no exported reversal cancels it since. Reversals
 * that are generated but not yet exported leave the line booked: the ERP still has it.
 *
 * `line` is the SQL alias of the payment_lines row.
 */
export function exportedBookingOf(line: string): SQL {
  const l = sql.raw(line);
  return sql`exists (select 1 from bookings b
    where b.id = ${l}.booking_id and b.exported_at is not null
      and not exists (select 1 from bookings r where r.id = b.reversed_by and r.exported_at is not null))`;
}

/** The bookings the given payment lines went into (trace of a report figure). */
export async function bookingsOfLines(db: DbOrTx, lineIds: readonly number[]) {
  if (!lineIds.length) return [];
  return rowsOf<{ id: number; session_id: number; betrag: string }>(
    db,
    sql`select b.id, b.session_id, b.amount::text as betrag
        from bookings b
        where b.id in (select l.booking_id from payment_lines l where l.id in ${[...new Set(lineIds)]})
        order by b.id`,
  );
}
