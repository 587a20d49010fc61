import type { Permission } from '@gewst/domain';
import type { DbOrTx } from '../../db/client';
import { auditLogs } from './schema';

/** Who is acting: passed explicitly into every service (CONVENTIONS 3). */
export interface Actor {
  readonly userId: number | null;
  readonly username: string;
  readonly permissions: ReadonlySet<Permission>;
  readonly requestId: string | null;
  /** Company-scoped access (src/auth/company-scope.ts): undefined or null = every company. */
  readonly companyIds?: readonly number[] | null;
}

export const SYSTEM_ACTOR: Actor = {
  userId: null,
  username: 'system',
  permissions: new Set(),
  requestId: null,
};

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * The one audit mechanism: every change made through the API calls this inside the
 * same transaction as the change, so the log and the data cannot disagree.
 */
export async function recordAudit(db: DbOrTx, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    user_id: actor.userId,
    username: actor.username,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId == null ? null : String(entry.entityId),
    before: toJson(entry.before),
    after: toJson(entry.after),
    request_id: actor.requestId,
  });
}

function toJson(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value));
}
