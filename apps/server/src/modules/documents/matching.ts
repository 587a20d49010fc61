import type { DocumentFields, MasterDataMatch } from '@gewst/domain';
import type { DbOrTx } from '../../db/client';
import * as repo from './repo';

const str = (f: DocumentFields, k: string) => {
  const v = f[k]?.value;
  return typeof v === 'string' && v.trim() ? v.trim() : null;
};

/**
 * Step 5: the establishment of the company a notice belongs to. Kassenzeichen exact
 * first, then the municipality (AGS, resolved from name/AGS/PLZ) narrowed by the IBAN,
 * then the IBAN alone. The reason is stored with the match.
 */
export async function matchMasterData(
  db: DbOrTx,
  companyId: number,
  fields: DocumentFields,
): Promise<MasterDataMatch> {
  const kz = str(fields, 'kassenzeichen');
  const iban = str(fields, 'iban')?.replace(/\s+/g, '').toUpperCase() ?? null;
  const ags = str(fields, 'ags');
  if (kz) {
    const rows = await repo.masterDataByReference(db, companyId, kz);
    if (rows.length === 1)
      return {
        master_data_id: rows[0]!.id,
        reason: `Kassenzeichen ${kz} stimmt mit der Betriebsstätte „${rows[0]!.designation}“ überein.`,
      };
    if (rows.length > 1 && ags) {
      const same = rows.filter((r) => r.ags === ags);
      if (same.length === 1)
        return {
          master_data_id: same[0]!.id,
          reason: `Kassenzeichen ${kz} und Gemeinde (AGS ${ags}) stimmen mit „${same[0]!.designation}“ überein.`,
        };
    }
  }
  if (ags) {
    const rows = await repo.masterDataByAgs(db, companyId, ags);
    if (rows.length === 1) {
      const ibanNote = iban && rows[0]!.iban === iban ? ' und IBAN' : '';
      return {
        master_data_id: rows[0]!.id,
        reason: `Gemeinde (AGS ${ags})${ibanNote} stimmt mit der einzigen Betriebsstätte „${rows[0]!.designation}“ dort überein.`,
      };
    }
    if (rows.length > 1) {
      const byIban = iban ? rows.filter((r) => r.iban === iban) : [];
      if (byIban.length === 1)
        return {
          master_data_id: byIban[0]!.id,
          reason: `Gemeinde (AGS ${ags}) und IBAN stimmen mit der Betriebsstätte „${byIban[0]!.designation}“ überein.`,
        };
      return {
        master_data_id: null,
        reason: `In der Gemeinde (AGS ${ags}) gibt es ${rows.length} Betriebsstätten; Kassenzeichen oder IBAN passen zu keiner eindeutig. Bitte zuordnen.`,
      };
    }
  }
  if (iban) {
    const rows = await repo.masterDataByIban(db, companyId, iban);
    if (rows.length === 1)
      return {
        master_data_id: rows[0]!.id,
        reason: `IBAN stimmt mit der Betriebsstätte „${rows[0]!.designation}“ überein.`,
      };
  }
  return {
    master_data_id: null,
    reason: ags
      ? `Die Firma hat keine Betriebsstätte in der Gemeinde (AGS ${ags}).`
      : 'Weder Kassenzeichen noch Gemeinde oder IBAN passen zu einer Betriebsstätte der Firma.',
  };
}
