import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLogs } from './schema';

export interface AuditQuery {
  page: number;
  per_page: number;
  user_id?: number | undefined;
  entity?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const DAY_MS = 86_400_000;
const startOfDay = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

export async function listAuditLogs(db: Db, q: AuditQuery) {
  const conditions: SQL[] = [];
  if (q.user_id) conditions.push(eq(auditLogs.user_id, q.user_id));
  if (q.entity) conditions.push(eq(auditLogs.entity, q.entity));
  // Calendar days in UTC. The outermost days of the date range (year 0, 9999-12-31) mean
  // "no bound": PostgreSQL has no year 0 and the day after 9999-12-31 is no valid timestamp.
  if (q.from && q.from >= '0001-01-01') conditions.push(gte(auditLogs.created_at, startOfDay(q.from)));
  if (q.to && q.to < '0001-01-01') conditions.push(sql`false`);
  else if (q.to && q.to < '9999-12-31')
    conditions.push(lt(auditLogs.created_at, new Date(startOfDay(q.to).getTime() + DAY_MS)));
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
