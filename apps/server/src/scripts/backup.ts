/**
 * `npm run backup [-- <Zielverzeichnis>]`: one backup archive of the configured installation
 * (same environment variables as the server) into BACKUP_DIR or the given directory.
 * PostgreSQL: also while the application runs (snapshot transaction). PGlite: only while it
 * is stopped (the embedded database belongs to one process); in operation use Admin → Backup.
 */
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUse, openDatabase } from '../db/client';
import { SYSTEM_ACTOR, recordAudit } from '../modules/audit/service';
import { createBackup } from '../modules/backup/create';
import { archiveName } from '../modules/backup/service';

async function main(): Promise<void> {
  const config = loadConfig();
  const dir = path.resolve(process.argv[2] ?? config.backup.dir);
  const database = await openDatabase(config.database);
  try {
    const name = await archiveName(dir, 'manuell');
    const createdBy = `${os.userInfo().username} (Kommandozeile)`;
    let lastPhase = '';
    const manifest = await createBackup({
      database,
      filesDir: config.filesDir,
      archive: path.join(dir, name),
      kind: 'manuell',
      createdBy,
      onProgress: (phase) => {
        if (phase !== lastPhase) console.error(`… ${phase}`);
        lastPhase = phase;
      },
    });
    await recordAudit(
      database.db,
      { ...SYSTEM_ACTOR, username: createdBy },
      {
        action: 'create',
        entity: 'backup',
        entityId: name,
        after: { kind: 'manuell', rows: manifest.totals.rows, files: manifest.totals.files },
      },
    );
    console.log(path.join(dir, name));
    console.error(
      `Sicherung erstellt: ${manifest.totals.tables} Tabellen, ${manifest.totals.rows} Datensätze, ` +
        `${manifest.totals.files} Dateien, Datenbankstand ${manifest.schema.version}.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirInUse) console.error(err.message);
  else console.error('Sicherung fehlgeschlagen:', err);
  process.exit(1);
});
