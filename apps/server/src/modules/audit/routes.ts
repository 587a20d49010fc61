import { auditLogListSchema, auditLogQuerySchema, pageMeta } from '@gewst/domain';
import type { AppInstance } from '../../http/types';
import { listAuditLogs } from './repo';

export function auditRoutes(app: AppInstance): void {
  app.get(
    '/logs',
    {
      config: { permission: 'change-permissions-of-user' },
      schema: {
        tags: ['Admin'],
        summary: 'Audit-Log (seitenweise, filterbar)',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogListSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listAuditLogs(app.deps.database.db, q);
      return {
        data: rows.map((r) => ({
          ...r,
          created_at: r.created_at.toISOString(),
          before: r.before ?? null,
          after: r.after ?? null,
        })),
        meta: pageMeta(q.page, q.per_page, total),
      };
    },
  );
}
