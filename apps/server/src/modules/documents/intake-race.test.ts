import { beforeAll, describe, expect, it } from 'vitest';
import { simplePdf } from '../../../test/documents-support';
import { useTestApp } from '../../../test/helpers';
import { SYSTEM_ACTOR } from '../audit/service';
import { type IncomingFile, type IntakeHooks, ingestFiles } from './intake';
import { CONTENT_LOCK_SPACE } from './repo';

/**
 * Two instances take the same content under two names at once (an upload on one, the import
 * folder on the other). The race is forced, not waited for: B starts inside A's transaction,
 * after A looked the content up and before A writes its document, and A goes on only once B
 * looked the content up too (the race) or waits for A (PostgreSQL: for the content's lock;
 * PGlite: every statement of B waits for A's transaction on the one connection).
 * Exactly one document; the other file is the German "bereits vorhanden" duplicate of it.
 */
const app = useTestApp();
beforeAll(() => app.built.documents.pause());

/** Is an intake of this database waiting for the lock of some content (PostgreSQL)? */
async function waitsForContentLock() {
  const [row] = await app.built.database.query<{ n: number }>(
    `select count(*)::int as n from pg_locks
     where locktype = 'advisory' and not granted and classid = $1::oid
       and database = (select oid from pg_database where datname = current_database())`,
    [CONTENT_LOCK_SPACE],
  );
  return row!.n > 0;
}

function ingest(file: IncomingFile, source: 'upload' | 'import', hooks: IntakeHooks) {
  return ingestFiles({ ...app.built.documents.intake, hooks }, SYSTEM_ACTOR, {
    companyId: 1,
    files: [file],
    source,
  });
}

describe('the same content taken twice at once', () => {
  it('gives one document and one duplicate that names it, also when both looked it up before either wrote', async () => {
    const bytes = Buffer.from(await simplePdf(['Stadt Doppelt', 'Gewerbesteuerbescheid 2025']));
    let b: ReturnType<typeof ingest> | undefined;
    const a = ingest({ filename: 'bescheid-upload.pdf', bytes, truncated: false }, 'upload', {
      async checked() {
        let bAtTransaction!: () => void;
        const bStarted = new Promise<void>((resolve) => (bAtTransaction = resolve));
        let bChecked = false;
        b = ingest({ filename: 'bescheid-import.pdf', bytes, truncated: false }, 'import', {
          async beforeTransaction() {
            bAtTransaction();
          },
          async checked() {
            bChecked = true;
          },
        });
        // PGlite: B's first statement already waits for A's transaction (one connection).
        if (app.built.database.kind === 'pglite') return;
        await bStarted;
        while (!bChecked && !(await waitsForContentLock()));
      },
    });
    const first = await a;
    const second = await b!;

    expect(first.results).toMatchObject([{ status: 'stored' }]);
    const docId = first.results[0]!.document_id;
    expect(second.results).toMatchObject([{ status: 'duplicate', document_id: docId }]);
    expect(second.results[0]!.reason).toContain('bereits vorhanden');
    const docs = await app.built.database.query<{ id: number }>(
      `select id from documents where filename like 'bescheid-%.pdf' and deleted_at is null`,
    );
    expect(docs).toEqual([{ id: docId }]);
    const uploads = await app.built.database.query<{ filename: string; status: string; document_id: number }>(
      `select filename, status, document_id from upload_audit where filename like 'bescheid-%.pdf' order by id`,
    );
    expect(uploads).toEqual([
      { filename: 'bescheid-upload.pdf', status: 'stored', document_id: docId },
      { filename: 'bescheid-import.pdf', status: 'duplicate', document_id: docId },
    ]);
  }, 120_000);
});
