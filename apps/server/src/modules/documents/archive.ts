import { type SQL, sql } from 'drizzle-orm';

/** Filters of the archive list (issue 15) that each module applies to its own rows. */
export interface ArchiveFilter {
  companyId: number;
  year?: number | undefined;
  ags?: string | undefined;
  q?: string | undefined;
}

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * For the archive: the company's archived (not deleted) documents as archive rows — kind,
 * id, title, type, year, ags, gemeinde, status, archived_at — filtered by Erhebungszeitraum,
 * the establishment's municipality and the text of the document (as the inbox searches).
 */
export function archivedDocumentsSql(f: ArchiveFilter): SQL {
  const year = sql`case when d.fields->'erhebungszeitraum'->>'value' ~ '^[0-9]{4}$'
    then (d.fields->'erhebungszeitraum'->>'value')::int end`;
  const where = [sql`d.company_id = ${f.companyId}`, sql`d.archived`, sql`d.deleted_at is null`];
  if (f.year) where.push(sql`${year} = ${f.year}`);
  if (f.ags) where.push(sql`md.ags = ${f.ags}`);
  if (f.q)
    where.push(
      sql`(to_tsvector('german', d.search_text) @@ plainto_tsquery('german', ${f.q})
           or d.search_text ilike ${likeOf(f.q)} or d.filename ilike ${likeOf(f.q)})`,
    );
  return sql`select 'dokument'::text as kind, d.id, d.filename as title, d.type, ${year} as year,
      md.ags, m.name as gemeinde, d.status, d.updated_at as archived_at
    from documents d
    left join master_data md on md.id = d.master_data_id
    left join municipalities m on m.ags = md.ags
    where ${sql.join(where, sql` and `)}`;
}
