import { createOcrEngine, type OcrEngine } from '@gewst/extraction';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database, DbOrTx } from '../../db/client';
import { QUEUE_SCHEMA, type Queue, startQueue } from '../jobs/queue';
import { createFileStore, type FileStore } from './file-store';
import { type ImportWatcher, watchImportDir } from './import-folder';
import { PROCESS_DOCUMENT, type ProcessJob, processDocument, sweepOrphans } from './jobs';

/** Everything the documents module holds while the app runs: file store, queue, workers, OCR. */
export interface DocumentsRuntime {
  readonly store: FileStore;
  readonly queue: Queue;
  readonly config: AppConfig;
  readonly database: Database;
  enqueueProcessing(tx: DbOrTx, documentId: number): Promise<string>;
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
  const queue = await startQueue(database, {
    work: working,
    pollSeconds: config.documents.jobPollSeconds,
    timeoutSeconds: config.documents.jobTimeoutSeconds,
    onError: (err) => log.error({ err }, 'job queue error'),
  });
  await queue.ensureQueue(PROCESS_DOCUMENT.name, PROCESS_DOCUMENT.policy(config.documents.jobTimeoutSeconds));

  // One OCR engine per process, created on the first scanned page and reused.
  let ocr: OcrEngine | null = null;
  const getOcr = () => {
    ocr ??= createOcrEngine({ workers: 1 });
    return ocr;
  };

  const timers: NodeJS.Timeout[] = [];
  let importer: ImportWatcher | null = null;
  let paused = false;
  let active = 0;
  const idle: (() => void)[] = [];
  const work = async () => {
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
            await processDocument({ db: database.db, store, ocr: getOcr, log }, documentId, {
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
            });
          }
        } finally {
          active--;
          if (!active) for (const wake of idle.splice(0)) wake();
        }
      },
    );
    if (config.documents.importDir) {
      importer = await watchImportDir(runtime, config.documents.importDir, log);
    }
  };
  const runtime: DocumentsRuntime = {
    store,
    queue,
    config,
    database,
    enqueueProcessing: (tx, documentId) => queue.sendInTx(tx, PROCESS_DOCUMENT.name, { documentId }),
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
      await ocr?.terminate();
      ocr = null;
      for (const wake of idle.splice(0)) wake();
    },
  };

  if (working) {
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
