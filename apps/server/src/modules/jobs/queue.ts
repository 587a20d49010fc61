import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, DbOrTx } from '../../db/client';

/**
 * The job queue: pg-boss on the application's own database connection.
 *
 * PGlite is a single in-process connection, so pg-boss runs in-process with a custom
 * `db` whose executeSql uses the PGlite client (never pglite-socket: one open transaction
 * there blocks every other connection). On PostgreSQL the same executor uses the pool.
 * Jobs are enqueued inside the caller's transaction (`sendInTx`), so a document row and
 * its job are committed together or not at all.
 */
export const QUEUE_SCHEMA = 'pgboss';

type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

interface PgliteLike {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<{ rows: unknown[] }[]>;
}
interface PoolLike {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

function executorFor(database: Database): Executor {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    const pglite = client as PgliteLike;
    return {
      async executeSql(text, values) {
        if (values?.length) return { rows: (await pglite.query(text, values.map(param))).rows };
        // Multi-statement plans (migrations, locked maintenance) only run through exec.
        try {
          const results = await pglite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        } catch (err) {
          // A failed BEGIN … COMMIT block must not leave the one connection in an aborted transaction.
          if (/^\s*BEGIN/i.test(text)) await pglite.exec('ROLLBACK').catch(() => {});
          throw err;
        }
      },
    };
  }
  const pool = client as PoolLike;
  return {
    async executeSql(text, values) {
      return { rows: (await pool.query(text, values?.map(param))).rows };
    },
  };
}

/** pg-boss passes job data as objects; both drivers take JSON text for jsonb parameters. */
function param(v: unknown): unknown {
  // Drizzle leaves `undefined` out of the statement: it must become a NULL parameter.
  if (v === undefined) return null;
  if (v && typeof v === 'object' && !(v instanceof Date) && !Array.isArray(v)) return JSON.stringify(v);
  return v;
}

/** Runs pg-boss's parameterised SQL ($1 … $n) inside a Drizzle transaction. */
export function txExecutor(tx: DbOrTx): Executor {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const m of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, m.index)));
        chunks.push(sql`${param(values[Number(m[1]) - 1])}`);
        last = (m.index ?? 0) + m[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const res = (await tx.execute(sql.join(chunks, sql.raw('')))) as unknown as { rows: unknown[] };
      return { rows: res.rows };
    },
  };
}

export interface QueueOptions {
  /** Start polling workers and maintenance (ROLE worker/all). */
  work: boolean;
  pollSeconds: number;
  /** A job running longer (or whose worker died) is failed and retried after this. */
  timeoutSeconds: number;
  /** How often expired jobs are looked for. */
  maintenanceSeconds?: number;
  onError?: (err: unknown) => void;
}

export interface Queue {
  readonly boss: PgBoss;
  readonly options: QueueOptions;
  ensureQueue(name: string, policy: QueuePolicy): Promise<void>;
  sendInTx(tx: DbOrTx, name: string, data: object): Promise<string>;
  stop(): Promise<void>;
}

export interface QueuePolicy {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
}

export async function startQueue(database: Database, options: QueueOptions): Promise<Queue> {
  const boss = new PgBoss({
    db: executorFor(database) as PgBoss.Db,
    schema: QUEUE_SCHEMA,
    supervise: options.work,
    schedule: false,
    migrate: true,
    maintenanceIntervalSeconds:
      options.maintenanceSeconds ?? Math.max(1, Math.min(60, options.timeoutSeconds)),
  });
  boss.on('error', (err) => options.onError?.(err));
  await boss.start();
  let stopped = false;
  return {
    boss,
    options,
    async ensureQueue(name, policy) {
      const existing = await boss.getQueue(name);
      if (existing) await boss.updateQueue(name, { ...policy, name } as PgBoss.Queue);
      else await boss.createQueue(name, { ...policy, name } as PgBoss.Queue);
    },
    async sendInTx(tx, name, data) {
      const id = await boss.send(name, data, { db: txExecutor(tx) as PgBoss.Db } as PgBoss.SendOptions);
      if (!id) throw new Error(`Job ${name} wurde nicht angelegt.`);
      return id;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, close: false, timeout: 5000, wait: true } as PgBoss.StopOptions);
    },
  };
}
