import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DELETE_ORIGINALS_CONFIRMATION } from '@gewst/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { storedDocument } from '../../../test/documents-support';
import { bearer, type StartedTestApp, startTestApp } from '../../../test/helpers';
import { germanToday } from '../documents/retention';
import { walkFiles } from './archive';
import { createBackup } from './create';
import type { Manifest } from './manifest';
import { fingerprintFiles, restoreInto } from './test-support';

/**
 * Backups and the retention of originals (issue 16): an archive holds exactly the files its
 * data refers to — never an original deleted by retention, never an unreferenced leftover —
 * also when retention deletes originals while the backup copies files; after a restore the
 * documents still say their original was deleted, and every other document has its file.
 */
const apps: StartedTestApp[] = [];
afterAll(async () => {
  for (const app of apps.reverse()) await app.stop().catch(() => {});
});

describe('backup after retention deleted originals', () => {
  it('archives exactly the referenced files; a restore brings no deleted original back', async () => {
    const source = await startTestApp();
    apps.push(source);
    const admin = bearer(await source.token('admin'));
    const db = source.built.database;
    const store = source.built.documents.store;
    const year = Number(germanToday().slice(0, 4));
    const [company] = await db.query<{ id: number }>(`select id from companies order by id limit 1`);
    const companyId = company!.id;
    const early = await storedDocument(source, companyId, 'frueh-geloescht.pdf', year - 15, 'geprueft');
    const during = await storedDocument(source, companyId, 'waehrend-geloescht.pdf', year - 15, 'geprueft');
    const kept = await storedDocument(source, companyId, 'behalten.pdf', year - 2, 'geprueft');
    // a file no row names (e.g. left by an interrupted upload)
    const leftover = await store.put(new TextEncoder().encode('%PDF-1.4 übrig'));
    const deleteOriginal = async (id: number) => {
      const res = await source.inject({
        method: 'POST',
        url: '/api/documents/retention/delete-originals',
        headers: admin,
        payload: { company_id: companyId, document_ids: [id], confirmation: DELETE_ORIGINALS_CONFIRMATION },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().files_removed).toBe(1);
    };
    await deleteOriginal(early.id);

    // Retention deletes the second original after the database snapshot, while files are copied.
    const archive = path.join(source.dir, 'backups', 'gewst-backup-20260101-000000-000-manuell.tar.gz');
    mkdirSync(path.dirname(archive), { recursive: true });
    let raced = false;
    const manifest = await createBackup({
      database: db,
      filesDir: source.built.app.deps.config.filesDir,
      archive,
      kind: 'manuell',
      createdBy: 'test',
      onProgress: (phase) => {
        if (phase !== 'dateien' || raced) return;
        raced = true;
        return deleteOriginal(during.id);
      },
    });
    expect(raced).toBe(true);
    expect(existsSync(path.join(store.root, during.path))).toBe(false);

    const needed = (
      await db.query<{ path: string }>(
        `select original_path as path from documents where original_deleted_at is null
         union select file_path from documents where original_deleted_at is null
         union select v.path from document_versions v join documents d on d.id = v.document_id
           where d.original_deleted_at is null`,
      )
    )
      .map((r) => r.path)
      .sort();
    expect(manifest.files.map((f) => f.path)).toEqual(needed);
    for (const p of [early.path, during.path, leftover.path])
      expect(manifest.files.map((f) => f.path)).not.toContain(p);
    expect(manifest.files.map((f) => f.path)).toContain(kept.path);

    // The archived rows say both originals are deleted (the snapshot was taken again).
    const unpacked = path.join(source.dir, 'unpacked');
    mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', archive, '-C', unpacked]);
    const written = JSON.parse(readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')) as Manifest;
    const cols = written.tables.find((t) => t.name === 'documents')!.columns.map((c) => c.name);
    const rows = readFileSync(path.join(unpacked, 'db', 'documents.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => Object.fromEntries((JSON.parse(l) as (string | null)[]).map((v, i) => [cols[i], v])));
    const row = (id: number) => rows.find((r) => r.id === String(id))!;
    expect(row(early.id).original_deleted_at).not.toBeNull();
    expect(row(during.id).original_deleted_at).not.toBeNull();
    expect(row(kept.id).original_deleted_at).toBeNull();

    // Restore into a fresh installation: the store holds exactly the referenced files.
    const target = await startTestApp();
    apps.push(target);
    await restoreInto(target, readFileSync(archive));
    const targetFiles = target.built.app.deps.config.filesDir;
    expect(await walkFiles(targetFiles)).toEqual(needed);
    expect(await fingerprintFiles(targetFiles)).toEqual(
      Object.fromEntries(manifest.files.map((f) => [f.path, f.sha256])),
    );
    const targetAdmin = bearer(await target.token('admin'));
    for (const d of [early, during]) {
      const detail = await target.inject({
        method: 'GET',
        url: `/api/documents/${d.id}`,
        headers: targetAdmin,
      });
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().original_deleted_at).toEqual(expect.any(String));
      const file = await target.inject({
        method: 'GET',
        url: `/api/documents/getFile?path=${encodeURIComponent(d.path)}`,
        headers: targetAdmin,
      });
      expect(file.statusCode).toBe(410);
    }
    const file = await target.inject({
      method: 'GET',
      url: `/api/documents/getFile?path=${encodeURIComponent(kept.path)}`,
      headers: targetAdmin,
    });
    expect(file.statusCode).toBe(200);

    // A restore over the source (which still has the leftover) leaves only referenced files too.
    await restoreInto(source, readFileSync(archive));
    expect(await walkFiles(source.built.app.deps.config.filesDir)).toEqual(needed);
  }, 300_000);
});
