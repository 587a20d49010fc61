import { BACKUP_KINDS, type Backup, type BackupKind } from '@gewst/domain';
import type { Manifest } from './manifest';

export interface BackupInfo {
  name: string;
  size: number;
  mtime: Date;
  manifest: Manifest | null;
  problem: string | null;
}

const kindOf = (name: string): BackupKind =>
  BACKUP_KINDS.find((k) => name.endsWith(`-${k}.tar.gz`)) ?? 'manuell';

export function presentBackup(b: BackupInfo): Backup {
  const m = b.manifest;
  return {
    name: b.name,
    kind: kindOf(b.name),
    size: b.size,
    created_at: m?.created_at ?? b.mtime.toISOString(),
    created_by: m?.created_by ?? null,
    app_version: m?.app_version ?? '',
    schema_version: m?.schema.version ?? '',
    database: m?.database.kind ?? 'pglite',
    tables: m?.totals.tables ?? 0,
    rows: m?.totals.rows ?? 0,
    files: m?.totals.files ?? 0,
    documents: m?.totals.documents ?? null,
    compatible: !!m && !b.problem,
    problem: b.problem,
  };
}
