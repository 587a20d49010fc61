import path from 'node:path';
import { createSandbox, type Sandbox, sweepSandboxOrphans } from '@gewst/extraction';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database, DbOrTx } from '../../db/client';
import { rescueStaleJobs, STALE_SECONDS, withHeartbeat } from '../jobs/liveness';
import { QUEUE_SCHEMA, type Queue, startQueue } from '../jobs/queue';
import { settings } from '../settings';
import { createFileStore, type FileStore } from './file-store';
import { type ImportWatcher, importTargetOf, watchImportDir } from './import-folder';
import type { IntakeInputs } from './intake';
import { PROCESS_DOCUMENT, type ProcessJob, processDocument, sweepOrphans } from './jobs';

/** Everything the documents module holds while the app runs: file store, queue, workers, OCR. */
export interface DocumentsRuntime {
  readonly store: FileStore;
  readonly queue: Queue;
  readonly config: AppConfig;
  readonly database: Database;
  /**
   * PDF parsing, rendering and OCR: child processes with memory, time and page limits, one
   * per document processed at the same time (PROCESSING_CONCURRENCY).
   */
  readonly sandboxes: readonly Sandbox[];
  enqueueProcessing(tx: DbOrTx, documentId: number): Promise<string>;
  /** The inputs of intake (uploads and the import folder). */
  readonly intake: IntakeInputs;
  /**
   * Stops taking jobs and import files and waits for the job in hand (a restore replaces
   * the data under the workers); `resume` starts again. No-ops without workers.
   */
  pause(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

export async function startDocuments(options: {
  config: AppConfig;
  database: Database;
  log: FastifyBaseLogger;
}): Promise<DocumentsRuntime> {
  const { config, database, log } = options;
  const working = config.role !== 'api';
  const store = createFileStore(config.filesDir);
  // Half-written files of a process that was killed mid-upload (older than an hour: a write of
  // another running process is never touched).
  const swept = await store.sweepTemp().catch((err) => {
    log.error({ err }, 'temporary file sweep failed');
    return 0;
  });
  if (swept) log.warn({ files: swept }, 'temporary files of unfinished uploads removed');
  const queue = await startQueue(database, {
    work: working,
    pollSeconds: config.documents.jobPollSeconds,
    timeoutSeconds: config.documents.jobTimeoutSeconds,
    onError: (err) => log.error({ err }, 'job queue error'),
  });
  await queue.ensureQueue(PROCESS_DOCUMENT.name, PROCESS_DOCUMENT.policy(config.documents.jobTimeoutSeconds));

  // Sandbox children a killed server left behind (stuck in a file, its time limit gone with it).
  const pidDir = path.join(config.dataDir, 'run', 'sandbox');
  const orphans = sweepSandboxOrphans(pidDir);
  if (orphans.length) log.warn({ pids: orphans }, 'sandbox processes of a previous run killed');
  // Files are read in a child process with hard limits; its OCR engine uses both cores.
  const sandboxes = Array.from({ length: config.documents.processingConcurrency }, () =>
    createSandbox({
      memoryMb: config.documents.sandboxMemoryMb,
      timeoutMs: config.documents.processingTimeoutSeconds * 1000,
      maxPages: config.documents.maxPages,
      pidDir,
    }),
  );
  const rescue = (all: boolean) =>
    rescueStaleJobs(database.db, queue, PROCESS_DOCUMENT.name, all)
      .then((ids) => ids.length && log.warn({ jobs: ids }, 'jobs without a live worker failed for a retry'))
      .catch((err) => log.error({ err }, 'job rescue failed'));

  const timers: NodeJS.Timeout[] = [];
  let importer: ImportWatcher | null = null;
  let paused = false;
  let active = 0;
  const idle: (() => void)[] = [];
  const work = async () => {
    // One polling worker per sandbox: a document that runs into its limits holds up only its own.
    for (const sandbox of sandboxes) await workWith(sandbox);
    // Always watched: the setting documents.import_folder may switch it on without IMPORT_DIR.
    const root = config.documents.importDir ?? path.join(config.dataDir, 'import');
    importer = await watchImportDir(
      runtime.intake,
      async () =>
        importTargetOf(
          await settings.get(database.db, 'documents.import_folder'),
          root,
          config.documents.importDir !== null,
        ),
      log,
    );
  };
  const workWith = async (sandbox: Sandbox) => {
    await queue.boss.work<{ documentId: number }>(
      PROCESS_DOCUMENT.name,
      { pollingIntervalSeconds: config.documents.jobPollSeconds, batchSize: 1, includeMetadata: true },
      async (jobs: ProcessJob[]) => {
        // A fetch that was under way when pause() stopped the worker: fail it, the queue retries it.
        if (paused) throw new Error('Die Verarbeitung ist angehalten (Wiederherstellung läuft).');
        active++;
        try {
          for (const job of jobs) {
            const { documentId } = PROCESS_DOCUMENT.payload.parse(job.data);
            await withHeartbeat(
              database.db,
              PROCESS_DOCUMENT.name,
              job.id,
              (signal) =>
                processDocument(
                  {
                    db: database.db,
                    store,
                    readText: (bytes, run) => sandbox.extractText(bytes, run),
                    sandboxAttempts: config.documents.processingAttempts,
                    log,
                  },
                  documentId,
                  { retryCount: job.retryCount, retryLimit: job.retryLimit, signal },
                ),
              (err) => log.error({ err }, 'heartbeat failed'),
            );
          }
        } finally {
          active--;
          if (!active) for (const wake of idle.splice(0)) wake();
        }
      },
    );
  };
  const enqueueProcessing = (tx: DbOrTx, documentId: number) =>
    queue.sendInTx(tx, PROCESS_DOCUMENT.name, { documentId });
  const runtime: DocumentsRuntime = {
    store,
    queue,
    config,
    database,
    sandboxes,
    enqueueProcessing,
    intake: { db: database.db, store, maxUploadBytes: config.documents.maxUploadBytes, enqueueProcessing },
    async pause() {
      if (!working || paused) return;
      paused = true;
      await importer?.close();
      importer = null;
      await queue.boss.offWork(PROCESS_DOCUMENT.name);
      if (active) await new Promise<void>((resolve) => idle.push(resolve));
    },
    async resume() {
      if (!working || !paused) return;
      paused = false;
      await work();
    },
    async close() {
      for (const t of timers) clearInterval(t);
      await importer?.close();
      await queue.stop();
      await Promise.all(sandboxes.map((s) => s.close()));
      for (const wake of idle.splice(0)) wake();
    },
  };

  if (working) {
    // Embedded PGlite: this is the only process, so a job still active from before died with
    // the previous run; on PostgreSQL only jobs whose heartbeat stopped are taken over.
    await rescue(database.kind === 'pglite');
    timers.push(setInterval(() => void (paused ? null : rescue(false)), (STALE_SECONDS / 3) * 1000));
    await work();
    const sweep = () =>
      paused
        ? Promise.resolve()
        : sweepOrphans(database.db, QUEUE_SCHEMA)
            .then((n) => n && log.warn({ documents: n }, 'documents without a live job marked fehler'))
            .catch((err) => log.error({ err }, 'orphan sweep failed'));
    timers.push(setInterval(sweep, 60_000));
  }
  return runtime;
}
