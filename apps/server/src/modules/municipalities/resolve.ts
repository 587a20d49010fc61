import { municipalitySearchKey } from '@gewst/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';

/** Prefixes printed before a municipality's name on its letterhead. */
const NAME_PREFIX =
  /^(?:der\s+|die\s+)?(?:landeshauptstadt|hansestadt|universitätsstadt|kreisstadt|große kreisstadt|stadtverwaltung|gemeindeverwaltung|verbandsgemeinde|stadt|gemeinde|markt|marktgemeinde|bad)\s+/i;

/** A notice's issuing municipality as the reference data know it, and what found it. */
export interface ResolvedMunicipality {
  ags: string;
  name: string;
  via: 'ags' | 'name' | 'plz';
}

async function agsByName(db: DbOrTx, name: string): Promise<{ ags: string; name: string; plz: string }[]> {
  const stripped = name.trim().replace(NAME_PREFIX, '');
  const candidates = [...new Set([name.trim(), stripped])];
  for (const c of candidates) {
    const key = municipalitySearchKey(c);
    const keyAlt = municipalitySearchKey(c, 'ae');
    if (!key) continue;
    const rows = await rowsOf<{ ags: string; name: string; plz: string }>(
      db,
      sql`select ags, name, plz from municipalities where search_key = ${key} or search_key_alt = ${keyAlt} order by ags`,
    );
    if (rows.length) return rows;
  }
  return [];
}

async function agsByPostcode(db: DbOrTx, plz: string) {
  return rowsOf<{ ags: string; name: string }>(
    db,
    sql`select ags, name from municipalities where (' ' || plz || ' ') like ${`% ${plz} %`} order by ags`,
  );
}

/** Name → AGS through the reference data; a postcode on the letterhead decides between namesakes. */
export async function resolveMunicipality(
  db: DbOrTx,
  input: { ags?: string | null; name?: string | null; postcodes: string[] },
): Promise<ResolvedMunicipality | null> {
  if (input.ags && /^\d{8}$/.test(input.ags)) {
    const [row] = await rowsOf<{ ags: string; name: string }>(
      db,
      sql`select ags, name from municipalities where ags = ${input.ags}`,
    );
    if (row) return { ...row, via: 'ags' };
  }
  if (input.name) {
    const rows = await agsByName(db, input.name);
    if (rows.length === 1) return { ags: rows[0]!.ags, name: rows[0]!.name, via: 'name' };
    if (rows.length > 1) {
      const hit = rows.find((r) => input.postcodes.some((p) => ` ${r.plz} `.includes(` ${p} `)));
      if (hit) return { ags: hit.ags, name: hit.name, via: 'name' };
    }
  }
  for (const plz of input.postcodes) {
    const rows = await agsByPostcode(db, plz);
    if (rows.length === 1) return { ...rows[0]!, via: 'plz' };
  }
  return null;
}
