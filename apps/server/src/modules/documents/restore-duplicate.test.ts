import { beforeAll, describe, expect, it } from 'vitest';
import { simplePdf, upload } from '../../../test/documents-support';
import { bearer, useTestApp } from '../../../test/helpers';
import { SYSTEM_ACTOR } from '../audit/service';
import { ingestFiles } from './intake';
import { CONTENT_LOCK_SPACE } from './repo';

/**
 * "Löschen rückgängig" while the same file came in again after the removal: intake stores it
 * anew (the removed document does not count), so taking the removal back would leave two
 * active documents of one content, which intake otherwise refuses. The restore is refused with
 * a German message naming the active document, under intake's lock of the content, so an
 * intake of that content at the same moment cannot slip in between the check and the restore.
 */
const app = useTestApp();
beforeAll(() => app.built.documents.pause());

const activeOf = async (filenamePrefix: string) =>
  (
    await app.built.database.query<{ id: number }>(
      `select id from documents where filename like $1 and deleted_at is null order by id`,
      [`${filenamePrefix}%`],
    )
  ).map((r) => r.id);

async function uploadOne(name: string, bytes: Uint8Array) {
  const res = await upload(app, 'sachbearbeitung', 1, [{ name, content: bytes }]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().results[0] as { status: string; document_id: number };
}

async function call(method: 'POST' | 'DELETE', url: string, user: string) {
  return app.inject({ method, url, headers: bearer(await app.token(user)) });
}

/** Is a transaction of this database waiting for the lock of some content (PostgreSQL)? */
async function waitsForContentLock() {
  const [row] = await app.built.database.query<{ n: number }>(
    `select count(*)::int as n from pg_locks
     where locktype = 'advisory' and not granted and classid = $1::oid
       and database = (select oid from pg_database where datname = current_database())`,
    [CONTENT_LOCK_SPACE],
  );
  return row!.n > 0;
}

describe('undoing a removal when the same content is active again', () => {
  it('refuses with a German message naming the active document; restores once that one is removed', async () => {
    const bytes = await simplePdf(['Stadt Zweimalhausen', 'Gewerbesteuerbescheid 2025']);
    const first = await uploadOne('wieder-erst.pdf', bytes);
    expect(first.status).toBe('stored');
    expect((await call('DELETE', `/api/documents/${first.document_id}`, 'sachbearbeitung')).statusCode).toBe(
      200,
    );
    // the removed document does not count: the same file is stored anew
    const again = await uploadOne('wieder-neu.pdf', bytes);
    expect(again.status).toBe('stored');
    expect(again.document_id).not.toBe(first.document_id);

    const refused = await call('POST', `/api/documents/${first.document_id}/restore`, 'admin');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: `Das Dokument kann nicht wiederhergestellt werden: Dieselbe Datei ist bereits als Dokument ${again.document_id} („wieder-neu.pdf“) vorhanden. Bitte mit jenem weiterarbeiten oder es zuerst löschen.`,
      code: 'DOCUMENT_DUPLICATE',
      document_id: again.document_id,
    });
    expect(await activeOf('wieder-')).toEqual([again.document_id]);
    const audited = await app.built.database.query(
      `select id from audit_logs where entity = 'document' and action = 'restore' and entity_id = $1`,
      [String(first.document_id)],
    );
    expect(audited).toEqual([]);

    // once the other one is removed, the first comes back
    expect((await call('DELETE', `/api/documents/${again.document_id}`, 'sachbearbeitung')).statusCode).toBe(
      200,
    );
    const restored = await call('POST', `/api/documents/${first.document_id}/restore`, 'admin');
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await activeOf('wieder-')).toEqual([first.document_id]);
    // and now the other one is refused, naming the first
    const other = await call('POST', `/api/documents/${again.document_id}/restore`, 'admin');
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toContain(`Dokument ${first.document_id} („wieder-erst.pdf“)`);
  }, 120_000);

  it('a restore during an intake of the same content waits for it and is refused, never a second active document', async () => {
    const bytes = Buffer.from(await simplePdf(['Stadt Gleichzeitig', 'Gewerbesteuerbescheid 2025']));
    const removed = await uploadOne('zugleich-alt.pdf', bytes);
    expect(
      (await call('DELETE', `/api/documents/${removed.document_id}`, 'sachbearbeitung')).statusCode,
    ).toBe(200);
    const headers = bearer(await app.token('admin'));
    const restoreRemoved = async () =>
      app.inject({ method: 'POST', url: `/api/documents/${removed.document_id}/restore`, headers });
    let restore: ReturnType<typeof restoreRemoved> | undefined;
    // The restore starts inside the intake's transaction, after the intake took the content's
    // lock and found no active document, before it writes its own.
    const intake = ingestFiles(
      {
        ...app.built.documents.intake,
        hooks: {
          async checked() {
            let answered = false;
            restore = restoreRemoved();
            void restore.finally(() => (answered = true));
            // PGlite: every statement of the restore waits for the intake (one connection).
            if (app.built.database.kind === 'pglite') return;
            // PostgreSQL: go on once the restore waits for the content's lock (or answered
            // without waiting, which the assertions below catch).
            while (!answered && !(await waitsForContentLock())) await new Promise((r) => setTimeout(r, 20));
          },
        },
      },
      SYSTEM_ACTOR,
      {
        companyId: 1,
        files: [{ filename: 'zugleich-neu.pdf', bytes, truncated: false }],
        source: 'import',
      },
    );
    const taken = (await intake).results[0]!;
    expect(taken.status).toBe('stored');
    const answer = await restore!;
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'DOCUMENT_DUPLICATE', document_id: taken.document_id });
    expect(await activeOf('zugleich-')).toEqual([taken.document_id]);
  }, 120_000);
});
