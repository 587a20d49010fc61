import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { municipalitySearchKey } from '@gewst/domain';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { SYSTEM_ACTOR } from '../audit/service';
import { settings } from '../settings';
import { parseCsv } from './csv';
import { invalidateSearchIndex } from './search-index';

/** apps/server/reference-data, seen from the source (src/modules/…) or from the bundle (dist). */
export const REFERENCE_DATA_DIR =
  ['../../../reference-data', '../reference-data']
    .map((rel) => path.resolve(path.dirname(fileURLToPath(import.meta.url)), rel))
    .find((dir) => existsSync(path.join(dir, 'gemeinden.csv'))) ?? path.resolve('apps/server/reference-data');

/**
 * Loads the shipped municipality and rate tables. Idempotent: the SHA-256 of each file is
 * kept in app_settings and an unchanged file is skipped; a changed file is upserted
 * (rows only written where something differs). One JSON parameter per table keeps it to
 * a single statement on PGlite and PostgreSQL alike.
 */
export async function seedReferenceData(db: Db, dir = REFERENCE_DATA_DIR): Promise<{ loaded: string[] }> {
  const loaded: string[] = [];
  const gemeinden = readFileSync(path.join(dir, 'gemeinden.csv'), 'utf8');
  if (await changed(db, 'reference.gemeinden', gemeinden)) {
    const rows = parseCsv(gemeinden)
      .slice(1)
      .map(([ags = '', name = '', bundesland = '', plz = '']) => ({
        ags,
        name,
        bundesland,
        plz: plz.trim(),
        search_key: municipalitySearchKey(name),
        search_key_alt: municipalitySearchKey(name, 'ae'),
      }));
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into municipalities (ags, name, bundesland, plz, search_key, search_key_alt)
        select ags, name, bundesland, plz, search_key, search_key_alt
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x(ags text, name text, bundesland text, plz text, search_key text, search_key_alt text)
        on conflict (ags) do update set
          name = excluded.name, bundesland = excluded.bundesland, plz = excluded.plz,
          search_key = excluded.search_key, search_key_alt = excluded.search_key_alt
        where (municipalities.name, municipalities.bundesland, municipalities.plz)
          is distinct from (excluded.name, excluded.bundesland, excluded.plz)`);
      await remember(tx, 'reference.gemeinden', gemeinden, rows.length);
    });
    invalidateSearchIndex(db);
    loaded.push('gemeinden.csv');
  }
  const rates = readFileSync(path.join(dir, 'hebesaetze.csv'), 'utf8');
  if (await changed(db, 'reference.hebesaetze', rates)) {
    const rows = parseCsv(rates)
      .slice(1)
      .map(([ags = '', year = '', hebesatz = '']) => ({
        ags,
        year: Number(year),
        hebesatz: Number(hebesatz),
      }))
      .filter((r) => /^\d{8}$/.test(r.ags) && Number.isInteger(r.year) && Number.isInteger(r.hebesatz));
    await db.transaction(async (tx) => {
      // Rates a user imported for the same year win over the shipped table.
      await tx.execute(sql`
        insert into municipality_rates (ags, year, hebesatz, source)
        select ags, year, hebesatz, 'destatis'
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(ags text, year int, hebesatz int)
        on conflict (ags, year) do update set hebesatz = excluded.hebesatz, updated_at = now()
        where municipality_rates.source = 'destatis' and municipality_rates.hebesatz <> excluded.hebesatz`);
      await remember(tx, 'reference.hebesaetze', rates, rows.length);
    });
    loaded.push('hebesaetze.csv');
  }
  return { loaded };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type ReferenceFile = 'reference.gemeinden' | 'reference.hebesaetze';

async function changed(db: DbOrTx, key: ReferenceFile, content: string): Promise<boolean> {
  return (await settings.get(db, key))?.sha256 !== sha256(content);
}

async function remember(db: DbOrTx, key: ReferenceFile, content: string, rows: number) {
  await settings.set(db, SYSTEM_ACTOR, key, { sha256: sha256(content), rows, at: new Date().toISOString() });
}
