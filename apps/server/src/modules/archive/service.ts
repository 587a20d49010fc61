import {
  type ArchiveItem,
  type ArchiveList,
  type ArchiveQuery,
  pageMeta,
  SESSION_TYPE_LABELS,
} from '@gewst/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { archivedSessionsSql } from '../bookings';
import { archivedDocumentsSql } from '../documents';
import { requireCompany } from '../master-data/service';

type Row = Omit<ArchiveItem, 'archived_at'> & { archived_at: Date | string; total: number };

/**
 * The archive of a company: its archived documents and archived booking sessions in one
 * list, newest archived first, filtered and paged in SQL. Each module contributes its own
 * rows (documents and bookings own their tables); archived items stay in reports and
 * payment data, which never look at the archived flag.
 */
export async function listArchive(db: DbOrTx, q: ArchiveQuery): Promise<ArchiveList> {
  await requireCompany(db, q.company_id);
  const filter = { companyId: q.company_id, year: q.year, ags: q.ags, q: q.q };
  const all = { companyId: q.company_id };
  const parts = (f: typeof all & Partial<typeof filter>) => [
    ...(q.kind !== 'stapel' || f === all ? [archivedDocumentsSql(f)] : []),
    ...(q.kind !== 'dokument' || f === all ? [archivedSessionsSql(f, SESSION_TYPE_LABELS)] : []),
  ];
  const union = (f: typeof all & Partial<typeof filter>) => sql.join(parts(f), sql` union all `);
  const [rows, facets] = await Promise.all([
    rowsOf<Row>(
      db,
      sql`select a.*, count(*) over ()::int as total from (${union(filter)}) a
          order by a.archived_at desc, a.kind, a.id desc
          limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
    ),
    rowsOf<{ years: number[] | null; gemeinden: { ags: string; name: string }[] | null }>(
      db,
      sql`select array_agg(distinct a.year order by a.year desc) filter (where a.year is not null) as years,
            (select jsonb_agg(distinct jsonb_build_object('ags', b.ags, 'name', b.gemeinde))
             from (${union(all)}) b where b.ags is not null) as gemeinden
          from (${union(all)}) a`,
    ),
  ]);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.page > 1) {
    const [c] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${union(filter)}) a`);
    total = c?.n ?? 0;
  }
  const f = facets[0];
  return {
    data: rows.map(({ total: _total, ...r }) => ({
      ...r,
      archived_at: new Date(r.archived_at).toISOString(),
    })),
    meta: pageMeta(q.page, q.per_page, total),
    facets: {
      years: f?.years ?? [],
      gemeinden: (f?.gemeinden ?? []).sort((a, b) => a.name.localeCompare(b.name, 'de')),
    },
  };
}
