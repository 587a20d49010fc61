/**
 * `npm run restore -- <archiv.tar.gz> [--bestaetigt]`: restores a backup into the configured
 * installation (same environment variables as the server). Into an empty installation
 * (no database yet) it runs at once; over existing data it asks for the typed confirmation
 * (or takes --bestaetigt). Stop the application first. The archive is checked completely
 * before anything changes; an archive of another schema version is refused.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { RESTORE_CONFIRMATION } from '@gewst/domain';
import pg from 'pg';
import { type AppConfig, ConfigError, loadConfig } from '../config';
import { DataDirInUse, openDatabase } from '../db/client';
import { SYSTEM_ACTOR } from '../modules/audit/service';
import { RestoreRefused, restoreBackup } from '../modules/backup/restore';
import { PROCESS_DOCUMENT } from '../modules/documents/jobs';
import { startQueue } from '../modules/jobs/queue';

async function isEmpty(config: AppConfig): Promise<boolean> {
  if (config.database.kind === 'pglite') {
    const dir = config.database.dir;
    return !dir || !existsSync(dir) || readdirSync(dir).length === 0;
  }
  const client = new pg.Client({ connectionString: config.database.url });
  await client.connect();
  try {
    const res = await client.query(`select 1 from pg_namespace where nspname = 'drizzle'`);
    return res.rowCount === 0;
  } finally {
    await client.end();
  }
}

async function confirmed(): Promise<boolean> {
  if (process.argv.includes('--bestaetigt')) return true;
  if (!process.stdin.isTTY) return false;
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  const answer = await rl.question(
    `Alle Daten dieser Installation werden durch die Sicherung ersetzt. Zum Bestätigen ${RESTORE_CONFIRMATION} eingeben: `,
  );
  rl.close();
  return answer.trim() === RESTORE_CONFIRMATION;
}

async function main(): Promise<void> {
  const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!file) {
    console.error('Aufruf: npm run restore -- <gewst-backup-….tar.gz> [--bestaetigt]');
    process.exit(2);
  }
  const archive = path.resolve(file);
  if (!existsSync(archive)) throw new RestoreRefused(`Die Datei ${archive} gibt es nicht.`);
  const config = loadConfig();
  if (!(await isEmpty(config)) && !(await confirmed())) {
    console.error(
      `Abgebrochen: Die Installation enthält Daten. Zum Überschreiben ${RESTORE_CONFIRMATION} eingeben oder --bestaetigt angeben.`,
    );
    process.exit(3);
  }
  const database = await openDatabase(config.database);
  const queue = await startQueue(database, {
    work: false,
    pollSeconds: config.documents.jobPollSeconds,
    timeoutSeconds: config.documents.jobTimeoutSeconds,
  });
  try {
    await queue.ensureQueue(
      PROCESS_DOCUMENT.name,
      PROCESS_DOCUMENT.policy(config.documents.jobTimeoutSeconds),
    );
    let lastPhase = '';
    const result = await restoreBackup({
      database,
      filesDir: config.filesDir,
      archive,
      workDir: config.backup.dir,
      actor: { ...SYSTEM_ACTOR, username: 'kommandozeile' },
      hooks: { enqueueProcessing: (tx, id) => queue.sendInTx(tx, PROCESS_DOCUMENT.name, { documentId: id }) },
      onProgress: (phase) => {
        if (phase !== lastPhase) console.error(`… ${phase}`);
        lastPhase = phase;
      },
    });
    console.error(
      `Wiederhergestellt: ${result.tables} Tabellen, ${result.rows} Datensätze, ${result.files} Dateien; ` +
        `alle Prüfsummen stimmen.${result.requeued_documents ? ` ${result.requeued_documents} Dokumente werden nach dem Start verarbeitet.` : ''}`,
    );
  } finally {
    await queue.stop();
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirInUse || err instanceof RestoreRefused)
    console.error(err.message);
  else console.error('Wiederherstellung fehlgeschlagen:', err);
  process.exit(1);
});
