import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { QUEUE_SCHEMA, type Queue } from './queue';

/**
 * Job liveness on top of pg-boss (which has no heartbeat of its own).
 * - While a handler runs, its process writes a heartbeat into the job row (`output.heartbeat`)
 *   every HEARTBEAT_SECONDS. When the row is no longer active (pg-boss expired it, or another
 *   process rescued it), the handler's AbortSignal fires: its sandbox is killed before any
 *   retry runs the same file.
 * - Every working process looks for active jobs whose heartbeat is older than STALE_SECONDS:
 *   their process died (kill -9, crash, power). They are failed at once, so pg-boss retries
 *   them after the queue's retry delay instead of after the full job timeout.
 */
export const HEARTBEAT_SECONDS = 2;
export const STALE_SECONDS = 15;
const job = sql.raw(`${QUEUE_SCHEMA}.job`);

/** Runs `fn` while beating for the job; the signal aborts when the job is no longer ours. */
export async function withHeartbeat<T>(
  db: Db,
  name: string,
  jobId: string,
  fn: (signal: AbortSignal) => Promise<T>,
  onError?: (err: unknown) => void,
): Promise<T> {
  const controller = new AbortController();
  let beating: Promise<void> | null = null;
  const beat = async () => {
    const rows = await rowsOf<{ id: string }>(
      db,
      sql`update ${job} set output = jsonb_build_object('heartbeat', now())
          where name = ${name} and id = ${jobId}::uuid and state = 'active' returning id`,
    );
    if (!rows.length) controller.abort();
  };
  const tick = () => {
    beating ??= beat()
      .catch((err) => onError?.(err))
      .finally(() => {
        beating = null;
      });
  };
  tick();
  const timer = setInterval(tick, HEARTBEAT_SECONDS * 1000);
  try {
    return await fn(controller.signal);
  } finally {
    clearInterval(timer);
    await beating;
  }
}

/**
 * Fails the active jobs of `name` whose process stopped beating (or, with `all`, every active
 * job: an embedded PGlite database has only this one process, so at start nothing is alive).
 * Returns the ids; pg-boss retries them by the queue's policy.
 */
export async function rescueStaleJobs(db: Db, queue: Queue, name: string, all = false): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id::text as id from ${job}
        where name = ${name} and state = 'active'
          and (${all} or greatest(started_on,
                 case when jsonb_typeof(output) = 'object' then (output->>'heartbeat')::timestamptz end)
               < now() - make_interval(secs => ${STALE_SECONDS}))`,
  );
  const ids = rows.map((r) => r.id);
  for (const id of ids) {
    await queue.boss.fail(name, id, {
      message: 'Der Verarbeitungsprozess antwortet nicht mehr (kein Lebenszeichen).',
    });
    // The process died, not the file's run: the retry starts now, without the backoff delay.
    await db.execute(
      sql`update ${job} set start_after = now() where name = ${name} and id = ${id}::uuid and state = 'retry'`,
    );
  }
  return ids;
}
