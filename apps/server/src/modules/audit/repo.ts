import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLogs } from '../../db/schema';

export interface AuditQuery {
  page: number;
  per_page: number;
  user_id?: number | undefined;
  entity?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export async function listAuditLogs(db: Db, q: AuditQuery) {
  const conditions: SQL[] = [];
  if (q.user_id) conditions.push(eq(auditLogs.user_id, q.user_id));
  if (q.entity) conditions.push(eq(auditLogs.entity, q.entity));
  if (q.from) conditions.push(gte(auditLogs.created_at, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) conditions.push(lt(auditLogs.created_at, new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.created_at), desc(auditLogs.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ total: count() }).from(auditLogs).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
