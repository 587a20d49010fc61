import {
  addDaysIso,
  berlinDate,
  NOTIFICATION_LIMIT,
  NOTIFICATION_REFUSED_DAYS,
  type Notification,
  type NotificationEvent,
  type NotificationList,
  type Permission,
  type Quartal,
  vorauszahlungFaelligkeit,
} from '@gewst/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jsonRowsOf, rowsOf } from '../../db/sql';
import { calendarOf, holidaySetting } from '../calculations/calendar';
import { settings } from '../settings';

/**
 * In-app notifications, computed from the database on every request (nothing in memory, so
 * every instance answers the same and a settings change applies at once). Each event kind
 * reads its own rows, limited to the companies the user may see and to the permission that
 * acts on the object; `notification_reads` only says which keys the user has read.
 */

export interface NotificationViewer {
  readonly userId: number;
  readonly permissions: ReadonlySet<Permission>;
  /** Company-scoped access: null = every company. */
  readonly companyIds: readonly number[] | null;
}

interface Row {
  key: string;
  event: NotificationEvent;
  company_id: number;
  company: string;
  text: string;
  link: string;
  at: string;
}

/** One more than the list holds, so a capped list is known. */
const FETCH = NOTIFICATION_LIMIT + 1;

const companyFilter = (column: SQL, ids: readonly number[] | null) =>
  ids === null
    ? sql`true`
    : ids.length === 0
      ? sql`false`
      : sql`${column} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`;

/**
 * The due-date window of `now`: from today in Germany to `days` calendar days later. A UTC day
 * would still be yesterday from 22:00/23:00 UTC to midnight, and `days` × 24 h ends on the wrong
 * day when the window spans a change to or from summer time (a 23- or 25-hour day).
 */
export function dueWindow(now: Date, days: number): { today: string; until: string } {
  const today = berlinDate(now);
  return { today, until: addDaysIso(today, days) };
}

const euro = (amount: string) =>
  `${Number(amount).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
const germanDate = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
};

/** The current notifications of one user (newest first, at most NOTIFICATION_LIMIT). */
export async function listNotifications(
  db: DbOrTx,
  viewer: NotificationViewer,
  now: Date = new Date(),
): Promise<NotificationList> {
  const config = await settings.get(db, 'notifications');
  const can = (p: Permission) => viewer.permissions.has(p);
  const queries: Array<Promise<Row[]>> = [];

  // A document that waits for its review: whoever may confirm it (add-payment-data).
  if (config.review && can('add-payment-data'))
    queries.push(
      jsonRowsOf<Row>(
        db,
        sql`select 'review:doc:' || d.id as key, 'review' as event, d.company_id, c.name as company,
                   'Bescheid „' || d.filename || '“ wartet auf Prüfung' as text,
                   '/dokumente/' || d.id as link, coalesce(d.processed_at, d.created_at) as at
              from documents d join companies c on c.id = d.company_id
             where d.status = 'zu_pruefen' and d.deleted_at is null and not d.archived
               and ${companyFilter(sql`d.company_id`, viewer.companyIds)}
             order by at desc, d.id desc limit ${FETCH}`,
      ),
    );

  // A submitted booking session: whoever may approve it, except its submitter (four-eyes).
  if (config.approval && can('approve-bi-sessions'))
    queries.push(
      jsonRowsOf<Row>(
        db,
        sql`select 'approval:session:' || s.id as key, 'approval' as event, s.company_id, c.name as company,
                   'Buchungssitzung ' || s.id || ' wartet auf die zweite Freigabe' as text,
                   '/buchungen/' || s.id as link, coalesce(s.submitted_at, s.created_at) as at
              from booking_sessions s join companies c on c.id = s.company_id
             where s.status = 'eingereicht' and s.submitted_by is distinct from ${viewer.userId}
               and ${companyFilter(sql`s.company_id`, viewer.companyIds)}
             order by at desc, s.id desc limit ${FETCH}`,
      ),
    );

  // An open amount to pay, due from today to today + N days (read-data, like the payment list).
  if (config.payment_due && can('read-data')) queries.push(duePayments(db, viewer, now, config.due_days));

  // A document whose import or processing failed: whoever reads documents (read-data).
  if (config.failed && can('read-data'))
    queries.push(
      jsonRowsOf<Row>(
        db,
        sql`select 'failed:doc:' || d.id as key, 'failed' as event, d.company_id, c.name as company,
                   'Verarbeitung von „' || d.filename || '“ fehlgeschlagen' as text,
                   '/dokumente/' || d.id as link, coalesce(d.processed_at, d.updated_at) as at
              from documents d join companies c on c.id = d.company_id
             where d.status = 'fehler' and d.deleted_at is null
               and ${companyFilter(sql`d.company_id`, viewer.companyIds)}
             order by at desc, d.id desc limit ${FETCH}`,
      ),
    );

  // An uploaded or import-folder file refused at intake (not a PDF, empty, too large), in the
  // last NOTIFICATION_REFUSED_DAYS days: whoever may upload (add-payment-data). The intake's
  // reasons name the file; one that does not gets the name put in front.
  if (config.refused && can('add-payment-data')) {
    const since = new Date(now.getTime() - NOTIFICATION_REFUSED_DAYS * 86_400_000).toISOString();
    queries.push(
      jsonRowsOf<Row>(
        db,
        sql`select 'refused:upload:' || u.id as key, 'refused' as event, u.company_id, c.name as company,
                   case when u.source = 'import' then 'Importordner' else 'Upload' end || ' abgelehnt: ' ||
                     case when position('„' || u.filename || '“' in coalesce(u.reason, '')) > 0 then u.reason
                          else '„' || u.filename || '“: ' || coalesce(u.reason, 'ohne Angabe eines Grundes') end
                     as text,
                   '/service/importe?result=refused' as link, u.created_at as at
              from upload_audit u join companies c on c.id = u.company_id
             where u.status = 'refused' and u.created_at >= ${since}
               and ${companyFilter(sql`u.company_id`, viewer.companyIds)}
             order by at desc, u.id desc limit ${FETCH}`,
      ),
    );
  }

  const all = (await Promise.all(queries)).flat();
  const capped = all.length > NOTIFICATION_LIMIT;
  // Newest first. A due payment counts from the day it entered the window (due date − N
  // days), so upcoming due dates never push newer events out of the capped list.
  const since = (r: Row) =>
    r.event === 'payment_due'
      ? new Date(Date.parse(r.at) - config.due_days * 86_400_000).toISOString()
      : r.at;
  const items = all
    .map((r) => ({ ...r, at: String(r.at).length > 10 ? new Date(r.at).toISOString() : String(r.at) }))
    .map((r) => ({ row: r, since: since(r) }))
    .sort((a, b) => (a.since < b.since ? 1 : a.since > b.since ? -1 : a.row.key.localeCompare(b.row.key)))
    .slice(0, NOTIFICATION_LIMIT)
    .map((x) => x.row);
  const read = await readKeys(
    db,
    viewer.userId,
    items.map((i) => i.key),
  );
  const list: Notification[] = items.map((i) => ({ ...i, read: read.has(i.key) }));
  return { items: list, unread: list.filter((n) => !n.read).length, capped };
}

type DueRow = Row & { betrag: string; designation: string };

/**
 * Open amounts due from `now` to `now + days`: lines with a printed due date, and prepayment
 * lines without one (a notice that names only the quarters), due on the 15th of Feb/May/Aug/Nov
 * moved to the next working day of their municipality (§ 19 Abs. 1 GewStG, § 108 Abs. 3 AO;
 * the calendar of `calendar.holidays`, as every due date of the server).
 */
async function duePayments(db: DbOrTx, viewer: NotificationViewer, now: Date, days: number): Promise<Row[]> {
  const { today, until } = dueWindow(now, days);
  const select = sql`select 'payment_due:line:' || l.id as key, 'payment_due' as event, l.company_id,
                 c.name as company, md.designation, l.betrag::text as betrag,
                 '/zahlungsdaten/' || l.master_data_id || '/' || l.year as link`;
  const from = sql`from payment_lines l join companies c on c.id = l.company_id
            join master_data md on md.id = l.master_data_id
            left join municipalities m on m.ags = md.ags
           where l.status = 'offen' and l.superseded_by is null and l.betrag > 0
             and ${companyFilter(sql`l.company_id`, viewer.companyIds)}`;
  const [dated, undated, setting] = await Promise.all([
    jsonRowsOf<DueRow>(
      db,
      sql`${select}, l.faellig_am::text as at ${from}
             and l.faellig_am between ${today} and ${until}
           order by l.faellig_am asc, l.id asc limit ${FETCH}`,
    ),
    // The nominal 15th moves at most a few days (weekend plus holidays): a week of margin.
    jsonRowsOf<DueRow & { year: number; quartal: Quartal; ags: string; bundesland: string | null }>(
      db,
      sql`${select}, l.year, l.quartal, md.ags, m.bundesland, null as at ${from}
             and l.faellig_am is null and l.kind = 'vorauszahlung' and l.quartal between 1 and 4
             and make_date(l.year, l.quartal * 3 - 1, 15) between ${today}::date - 7 and ${until}::date
           order by l.year, l.quartal, l.id limit ${FETCH}`,
    ),
    holidaySetting(db),
  ]);
  const computed = undated
    .map(({ year, quartal, ags, bundesland, ...r }) => {
      const calendar = calendarOf(ags, setting, bundesland);
      return { ...r, at: vorauszahlungFaelligkeit(year, quartal, calendar.bundesland, calendar.holidays) };
    })
    .filter((r) => r.at >= today && r.at <= until);
  return [...dated, ...computed].map(({ betrag, designation, ...r }) => ({
    ...r,
    text: `Zahlung ${euro(betrag)} für ${designation} fällig am ${germanDate(r.at)}`,
  }));
}

async function readKeys(db: DbOrTx, userId: number, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await rowsOf<{ key: string }>(
    db,
    sql`select key from notification_reads where user_id = ${userId}
          and key in (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})`,
  );
  return new Set(rows.map((r) => r.key));
}

/** Marks keys read (or every current notification with `all`); returns how many were new. */
export async function markRead(
  db: DbOrTx,
  viewer: NotificationViewer,
  input: { keys: readonly string[] } | { all: true },
): Promise<number> {
  const keys =
    'all' in input ? (await listNotifications(db, viewer)).items.map((n) => n.key) : [...new Set(input.keys)];
  if (keys.length === 0) return 0;
  const rows = await rowsOf<{ key: string }>(
    db,
    sql`insert into notification_reads (user_id, key)
        values ${sql.join(
          keys.map((k) => sql`(${viewer.userId}, ${k})`),
          sql`, `,
        )}
        on conflict do nothing returning key`,
  );
  return rows.length;
}
