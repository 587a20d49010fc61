import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oidcPayloads } from './schema';

type Payload = Record<string, unknown> & {
  grantId?: string;
  userCode?: string;
  uid?: string;
  consumed?: number;
};

/**
 * Database-backed storage for oidc-provider, so a restart keeps sessions, grants and
 * refresh tokens valid and several server instances share them.
 */
export function createAdapterClass(db: Db) {
  return class DbAdapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const values = {
        model: this.model,
        id,
        payload,
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcPayloads)
        .values(values)
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: values });
    }

    private async findWhere(condition: ReturnType<typeof eq>): Promise<Payload | undefined> {
      const rows = await db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, this.model), condition))
        .limit(1);
      const row = rows[0];
      if (!row) return undefined;
      if (row.expires_at && row.expires_at.getTime() <= Date.now()) return undefined;
      return {
        ...(row.payload as Payload),
        ...(row.consumed_at ? { consumed: Math.floor(row.consumed_at.getTime() / 1000) } : {}),
      };
    }

    find(id: string) {
      return this.findWhere(eq(oidcPayloads.id, id));
    }

    findByUid(uid: string) {
      return this.findWhere(eq(oidcPayloads.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(oidcPayloads.user_code, userCode));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumed_at: sql`now()` })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grant_id, grantId));
    }
  };
}

/** Removes expired entries; called now and then by the server. */
export async function purgeExpiredOidcPayloads(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(sql`${oidcPayloads.expires_at} < now()`);
}
