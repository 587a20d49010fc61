import { type PaymentListQuery, PRINCIPAL_KINDS } from '@gewst/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { paymentLines, payments, paymentYears } from './schema';

export type PaymentRow = typeof payments.$inferSelect;
export type LineRow = typeof paymentLines.$inferSelect;
export type LineInsert = typeof paymentLines.$inferInsert;

export interface EstablishmentRow {
  id: number;
  company_id: number;
  designation: string;
  ags: string;
  gemeinde: string;
  bundesland: string;
}

export async function establishment(db: DbOrTx, id: number) {
  const rows = await rowsOf<EstablishmentRow>(
    db,
    sql`select md.id, md.company_id, md.designation, md.ags, m.name as gemeinde, m.bundesland
        from master_data md join municipalities m on m.ags = md.ags where md.id = ${id}`,
  );
  return rows[0] ?? null;
}

/** Every line of an establishment (all years), oldest first, with the type of its notice. */
export async function linesOfEstablishment(db: DbOrTx, masterDataId: number) {
  return rowsOf<LineRow & { document_type: string | null }>(
    db,
    sql`select l.id, l.payment_id, l.year, l.kind, l.quartal, l.betrag::text as betrag, l.faellig_am::text as faellig_am,
          l.status, l.document_id, l.superseded_by, l.withdrawn_at, d.type as document_type
        from payment_lines l left join documents d on d.id = l.document_id
        where l.master_data_id = ${masterDataId} order by l.created_at, l.id`,
  );
}

/** The lines created from a document (every one, also cancelled ones), locked. */
export async function linesOfDocument(db: DbOrTx, documentId: number) {
  return db
    .select()
    .from(paymentLines)
    .where(eq(paymentLines.document_id, documentId))
    .orderBy(asc(paymentLines.id))
    .for('update');
}

/** The lines a document's confirmation superseded or cancelled (still so), locked. */
export async function linesSupersededByDocument(db: DbOrTx, documentId: number) {
  return db
    .select()
    .from(paymentLines)
    .where(eq(paymentLines.superseded_by_document, documentId))
    .orderBy(asc(paymentLines.id))
    .for('update');
}

export async function paymentById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row ?? null;
}

export async function findPayment(db: DbOrTx, masterDataId: number, year: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.master_data_id, masterDataId), eq(payments.year, year)));
  return row ?? null;
}

export async function ensurePayment(db: DbOrTx, companyId: number, masterDataId: number, year: number) {
  await db
    .insert(payments)
    .values({ company_id: companyId, master_data_id: masterDataId, year })
    .onConflictDoNothing();
  return (await findPayment(db, masterDataId, year))!;
}

export async function updatePayment(db: DbOrTx, id: number, values: Partial<typeof payments.$inferInsert>) {
  await db
    .update(payments)
    .set({ ...values, updated_at: new Date() })
    .where(eq(payments.id, id));
}

export async function insertLine(db: DbOrTx, values: LineInsert) {
  const [row] = await db.insert(paymentLines).values(values).returning();
  return row!;
}

export async function findLine(db: DbOrTx, id: number) {
  const [row] = await db.select().from(paymentLines).where(eq(paymentLines.id, id)).for('update');
  return row ?? null;
}

export async function updateLine(db: DbOrTx, id: number, values: Partial<LineInsert>) {
  const [row] = await db.update(paymentLines).set(values).where(eq(paymentLines.id, id)).returning();
  return row!;
}

export async function linesOfPayment(db: DbOrTx, paymentId: number) {
  return db
    .select()
    .from(paymentLines)
    .where(eq(paymentLines.payment_id, paymentId))
    .orderBy(asc(paymentLines.created_at), asc(paymentLines.id));
}

export async function paymentsOfMasterData(db: DbOrTx, masterDataId: number) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.master_data_id, masterDataId))
    .orderBy(asc(payments.year));
}

export async function linesOfPayments(db: DbOrTx, paymentIds: number[]) {
  if (!paymentIds.length) return [];
  return db
    .select()
    .from(paymentLines)
    .where(inArray(paymentLines.payment_id, paymentIds))
    .orderBy(asc(paymentLines.created_at), asc(paymentLines.id));
}

export async function documentsOf(db: DbOrTx, masterDataId: number, year: number, ids: number[]) {
  return rowsOf<{
    id: number;
    type: string | null;
    filename: string;
    bescheid_datum: string | null;
    confirmed_at: Date | string | null;
  }>(
    db,
    sql`select id, type, filename, fields->'bescheid_datum'->>'value' as bescheid_datum, confirmed_at
        from documents
        where deleted_at is null and (
          (master_data_id = ${masterDataId} and fields->'erhebungszeitraum'->>'value' = ${String(year)})
          ${ids.length ? sql`or id in ${ids}` : sql``})
        order by coalesce(fields->'bescheid_datum'->>'value', '') , id`,
  );
}

export async function closedYears(db: DbOrTx, years: number[]) {
  if (!years.length) return [];
  const rows = await db
    .select({ year: paymentYears.year })
    .from(paymentYears)
    .where(and(inArray(paymentYears.year, years), eq(paymentYears.closed, true)));
  return rows.map((r) => r.year);
}

const ACTIVE = sql`l.superseded_by is null and l.status <> 'storniert'`;
/** Kinds that settle the tax itself (without interest and surcharges). */
const PRINCIPAL = sql`l.kind in ${[...PRINCIPAL_KINDS]}`;

export interface ListRow {
  master_data_id: number;
  designation: string;
  ags: string;
  gemeinde: string;
  year: number;
  festgesetzte_steuer: string | null;
  vorauszahlungen: string | null;
  bezahlt: string | null;
  offen: string | null;
  naechste_faelligkeit: string | null;
  zinsen: string | null;
  warnings: number;
  total: number;
}

/** A line we still have to pay: open, current (not superseded), an amount to pay (not a refund). */
const TO_PAY = sql`l.status = 'offen' and l.superseded_by is null and l.betrag > 0`;
/**
 * Overdue on `today`: to pay and due before today. The one definition behind the dashboard's
 * overdue tile (dueSums) and the payment list's only_overdue filter, so both count the same lines.
 */
const overdueOn = (today: string) => sql`${TO_PAY} and l.faellig_am < ${today}`;

const ORDER: Record<PaymentListQuery['orderBy'], string> = {
  designation: 'md.designation',
  gemeinde: 'm.name',
  year: 'p.year',
  festgesetzte_steuer: 'p.festgesetzte_steuer',
  offen: 'p.sum_offen',
  naechste_faelligkeit: 'p.naechste_faelligkeit',
};

export async function listPayments(db: DbOrTx, q: PaymentListQuery, limit: number | null, today: string) {
  const where = [sql`p.company_id = ${q.company_id}`];
  if (q.year) where.push(sql`p.year = ${q.year}`);
  if (q.ags) where.push(sql`md.ags = ${q.ags}`);
  if (q.master_data_id) where.push(sql`p.master_data_id = ${q.master_data_id}`);
  if (q.only_open) where.push(sql`p.sum_offen <> 0`);
  if (q.only_overdue)
    where.push(sql`exists (select 1 from payment_lines l where l.payment_id = p.id and ${overdueOn(today)})`);
  if (q.only_warnings) where.push(sql`p.warnings > 0`);
  const dir = q.orderDirection === 'desc' ? 'desc' : 'asc';
  const nulls = dir === 'asc' ? 'nulls last' : 'nulls first';
  const page = limit === null ? sql`` : sql`limit ${limit} offset ${(q.page - 1) * limit}`;
  return rowsOf<ListRow>(
    db,
    sql`select p.master_data_id, md.designation, md.ags, m.name as gemeinde, p.year,
          p.festgesetzte_steuer::text as festgesetzte_steuer, p.sum_vorauszahlungen::text as vorauszahlungen,
          p.sum_bezahlt::text as bezahlt, p.sum_offen::text as offen,
          p.naechste_faelligkeit::text as naechste_faelligkeit, p.sum_zinsen::text as zinsen, p.warnings,
          count(*) over ()::int as total
        from payments p
        join master_data md on md.id = p.master_data_id
        join municipalities m on m.ags = md.ags
        where ${sql.join(where, sql` and `)}
        order by ${sql.raw(`${ORDER[q.orderBy]} ${dir} ${nulls}`)}, md.designation, p.year, p.id
        ${page}`,
  );
}

/** Recomputes the stored sums of payments from their active lines (after every change). */
export async function refreshSums(db: DbOrTx, paymentIds: number[]) {
  const ids = [...new Set(paymentIds)];
  if (!ids.length) return;
  await db.execute(sql`
    update payments p set
      sum_vorauszahlungen = coalesce(a.vz, 0), sum_bezahlt = coalesce(a.bezahlt, 0),
      sum_offen = coalesce(a.offen, 0), sum_zinsen = coalesce(a.zinsen, 0), naechste_faelligkeit = a.next_due,
      sum_steuer_bezahlt = coalesce(a.steuer_bezahlt, 0), sum_steuer_offen = coalesce(a.steuer_offen, 0),
      warnings = (select count(*)::int from jsonb_array_elements(p.checks) e
                  where e->>'severity' in ('warning', 'error'))
    from (select x.id,
            sum(l.betrag) filter (where l.kind in ('vorauszahlung', 'korrektur', 'anrechnung')) as vz,
            sum(l.betrag) filter (where l.status = 'bezahlt') as bezahlt,
            sum(l.betrag) filter (where l.status in ('offen', 'angewiesen')) as offen,
            sum(l.betrag) filter (where l.kind in ('nachzahlungszinsen', 'erstattungszinsen')) as zinsen,
            sum(l.betrag) filter (where ${PRINCIPAL} and l.status = 'bezahlt') as steuer_bezahlt,
            sum(l.betrag) filter (where ${PRINCIPAL} and l.status in ('offen', 'angewiesen')) as steuer_offen,
            min(l.faellig_am) filter (where l.status = 'offen') as next_due
          from unnest(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) x(id)
          left join payment_lines l on l.payment_id = x.id and ${ACTIVE}
          group by x.id) a
    where p.id = a.id`);
}

/** Dashboard tiles: open amounts we have to pay (refunds owed to us would net them away). */
export async function dueSums(db: DbOrTx, companyId: number, today: string, until: string) {
  const rows = await rowsOf<{ bucket: string; n: number; s: string }>(
    db,
    sql`select case when ${overdueOn(today)} then 'overdue' else 'soon' end as bucket,
          count(*)::int as n, coalesce(sum(l.betrag), 0)::text as s
        from payment_lines l
        where l.company_id = ${companyId} and ${TO_PAY} and l.faellig_am is not null and l.faellig_am <= ${until}
        group by 1`,
  );
  const [review] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from documents
        where company_id = ${companyId} and status = 'zu_pruefen' and deleted_at is null`,
  );
  return { rows, toReview: review?.n ?? 0 };
}

export async function yearsOverview(db: DbOrTx) {
  return rowsOf<{
    year: number;
    closed: boolean | null;
    closed_at: Date | string | null;
    closed_by: number | null;
    open_lines: number;
  }>(
    db,
    sql`with ys as (select year from payments union select year from payment_years)
        select ys.year, y.closed, y.closed_at, y.closed_by,
          (select count(*)::int from payment_lines l where l.year = ys.year and ${ACTIVE}
             and l.status in ('offen', 'angewiesen')) as open_lines
        from ys left join payment_years y on y.year = ys.year order by ys.year desc`,
  );
}

export async function openLinesOfYear(db: DbOrTx, year: number) {
  return rowsOf<{
    id: number;
    master_data_id: number;
    designation: string;
    kind: string;
    betrag: string;
    faellig_am: string | null;
  }>(
    db,
    sql`select l.id, l.master_data_id, md.designation, l.kind, l.betrag::text as betrag,
          l.faellig_am::text as faellig_am
        from payment_lines l join master_data md on md.id = l.master_data_id
        where l.year = ${year} and ${ACTIVE} and l.status in ('offen', 'angewiesen')
        order by md.designation, l.faellig_am nulls last, l.id`,
  );
}

export async function upsertYear(db: DbOrTx, year: number, closed: boolean, userId: number | null) {
  await db
    .insert(paymentYears)
    .values({ year, closed, closed_at: closed ? new Date() : null, closed_by: closed ? userId : null })
    .onConflictDoUpdate({
      target: paymentYears.year,
      set: { closed, closed_at: closed ? new Date() : null, closed_by: closed ? userId : null },
    });
}
