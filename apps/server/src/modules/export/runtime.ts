import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppConfig } from '../../config';
import type { Database, DbOrTx } from '../../db/client';
import type { Actor } from '../audit/service';
import type { Queue } from '../jobs/queue';
import { EXPORT_SESSION, runExport } from './job';
import { exportJobs } from './schema';

/** The export's part of the running app: its job type on the shared queue and its worker. */
export interface ExportRuntime {
  /** Enqueues the session's export job inside the caller's transaction (approval, retrigger). */
  enqueue(tx: DbOrTx, sessionId: number, actor: Actor): Promise<string>;
  pause(): Promise<void>;
  resume(): Promise<void>;
}

export async function startExport(options: {
  config: AppConfig;
  database: Database;
  queue: Queue;
  log: FastifyBaseLogger;
}): Promise<ExportRuntime> {
  const { config, database, queue, log } = options;
  const policy = EXPORT_SESSION.policy(config);
  await queue.ensureQueue(EXPORT_SESSION.name, policy);
  const working = queue.options.work;
  let paused = false;
  let active = 0;
  const idle: (() => void)[] = [];

  const work = () =>
    queue.boss.work<{ sessionId: number }>(
      EXPORT_SESSION.name,
      { pollingIntervalSeconds: config.documents.jobPollSeconds, batchSize: 1, includeMetadata: true },
      async (jobs: PgBoss.JobWithMetadata<{ sessionId: number }>[]) => {
        if (paused) throw new Error('Der Export ist angehalten (Wiederherstellung läuft).');
        active++;
        try {
          for (const job of jobs) {
            const { sessionId } = EXPORT_SESSION.payload.parse(job.data);
            await runExport(
              { db: database.db, config, log },
              { jobId: job.id, sessionId, retryCount: job.retryCount, retryLimit: job.retryLimit },
            );
          }
        } finally {
          active--;
          if (!active) for (const wake of idle.splice(0)) wake();
        }
      },
    );
  if (working) await work();

  return {
    async enqueue(tx, sessionId, actor) {
      const id = await queue.sendInTx(tx, EXPORT_SESSION.name, { sessionId });
      await tx.insert(exportJobs).values({
        id,
        session_id: sessionId,
        state: 'wartend',
        retry_limit: policy.retryLimit,
        created_by: actor.userId,
      });
      return id;
    },
    async pause() {
      if (!working || paused) return;
      paused = true;
      await queue.boss.offWork(EXPORT_SESSION.name);
      if (active) await new Promise<void>((resolve) => idle.push(resolve));
    },
    async resume() {
      if (!working || !paused) return;
      paused = false;
      await work();
    },
  };
}
