import { type RateImportReport, rateYearSchema } from '@gewst/domain';
import type { Db } from '../../db/client';
import { notFound, validationFailed } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/service';
import { readTable, type Upload } from '../master-data/upload';
import * as repo from './repo';
import { searchIndex } from './search-index';

export type MunicipalityRow = repo.MunicipalityRow;

export function presentMunicipality(row: repo.MunicipalityRow) {
  return {
    ags: row.ags,
    name: row.name,
    bundesland: row.bundesland,
    plz: row.plz ? row.plz.split(' ') : [],
    hebesatz: row.hebesatz == null ? null : Number(row.hebesatz),
    hebesatz_year: row.hebesatz_year == null ? null : Number(row.hebesatz_year),
  };
}

export async function searchMunicipalities(db: Db, search: string, limit: number) {
  return (await searchIndex(db, search, limit)).map(presentMunicipality);
}

export async function getMunicipality(db: Db, ags: string) {
  const row = await repo.findMunicipality(db, ags);
  if (!row) throw notFound('Die Gemeinde');
  const rates = await repo.ratesOf(db, ags);
  return {
    ...presentMunicipality(row),
    rates: rates.map((r) => ({ year: Number(r.year), hebesatz: Number(r.hebesatz), source: r.source })),
  };
}

const header = (cell: string) => cell.toLowerCase().replace(/[^a-zäöüß]/g, '');

/**
 * Imports an official rate table: columns AGS (or "Gemeindeschlüssel") and Hebesatz
 * ("Gewerbesteuer…"), the year from a column "Jahr" or the form field `year`. Valid rows
 * are applied, invalid ones reported; the report says what changed against before.
 */
export async function importRates(db: Db, actor: Actor, upload: Upload): Promise<RateImportReport> {
  const table = await readTable(upload);
  const head = (table[0] ?? []).map(header);
  const agsCol = head.findIndex((h) => h === 'ags' || h.includes('gemeindeschl') || h === 'schlssel');
  const rateCol = head.findIndex((h) => h.includes('hebesatz') || h.includes('gewerbesteuer'));
  const yearCol = head.findIndex((h) => h === 'jahr' || h === 'year');
  if (agsCol < 0 || rateCol < 0) {
    throw validationFailed({
      file: [
        'Die erste Zeile muss die Spalten „AGS“ und „Hebesatz“ (oder „gewerbesteuer_hebesatz“) enthalten.',
      ],
    });
  }
  const fieldYear = upload.fields.year ? rateYearSchema.safeParse(upload.fields.year) : null;
  if (fieldYear && !fieldYear.success) throw validationFailed({ year: ['Bitte ein gültiges Jahr angeben.'] });

  const errors: RateImportReport['errors'] = [];
  const parsed: { row: number; ags: string; year: number; hebesatz: number }[] = [];
  const rowOfAgs = new Map<string, number>();
  table.slice(1).forEach((cells, i) => {
    const row = i + 2;
    if (cells.every((c) => c === '')) return;
    const ags = (cells[agsCol] ?? '').replace(/\s/g, '').padStart(8, '0');
    const hebesatz = Number((cells[rateCol] ?? '').replace(',', '.'));
    const yearText = yearCol >= 0 ? cells[yearCol] : undefined;
    const year = yearText ? Number(yearText) : fieldYear?.data;
    if (!/^\d{8}$/.test(ags))
      errors.push({ row, message: `AGS „${cells[agsCol] ?? ''}“ hat nicht 8 Ziffern.` });
    else if (!Number.isInteger(hebesatz) || hebesatz < 200 || hebesatz > 1500)
      errors.push({
        row,
        message: `Hebesatz „${cells[rateCol] ?? ''}“ ist keine ganze Zahl zwischen 200 und 1500.`,
      });
    else if (year === undefined || !rateYearSchema.safeParse(year).success)
      errors.push({ row, message: 'Jahr fehlt oder ist ungültig (Spalte „Jahr“ oder Feld „Jahr“).' });
    else if (rowOfAgs.has(ags))
      // one row per municipality: a second one would make the upsert touch a rate twice
      errors.push({ row, message: `AGS ${ags} steht bereits in Zeile ${rowOfAgs.get(ags)}.` });
    else {
      rowOfAgs.set(ags, row);
      parsed.push({ row, ags, year: year as number, hebesatz });
    }
  });
  const years = [...new Set(parsed.map((p) => p.year))];
  if (years.length > 1)
    throw validationFailed({ year: ['Die Datei enthält mehrere Jahre; bitte je Jahr eine Datei.'] });
  const year = years[0] ?? fieldYear?.data;
  if (year === undefined) throw validationFailed({ file: ['Die Datei enthält keine gültigen Zeilen.'] });

  return db.transaction(async (tx) => {
    const known = new Map(
      (
        await repo.namesByAgs(
          tx,
          parsed.map((p) => p.ags),
        )
      ).map((r) => [r.ags, r.name]),
    );
    const before = new Map((await repo.ratesForYear(tx, year)).map((r) => [r.ags, Number(r.hebesatz)]));
    const report: RateImportReport = {
      year,
      rows: parsed.length,
      created: 0,
      added: [],
      changed: [],
      unchanged: 0,
      errors,
    };
    const apply: { ags: string; hebesatz: number }[] = [];
    for (const p of parsed) {
      const name = known.get(p.ags);
      if (!name) {
        errors.push({ row: p.row, message: `Unbekannter Gemeindeschlüssel ${p.ags}.` });
        continue;
      }
      const old = before.get(p.ags);
      if (old === p.hebesatz) report.unchanged++;
      else {
        if (old === undefined) {
          report.created++;
          report.added.push({ ags: p.ags, name, after: p.hebesatz });
        } else report.changed.push({ ags: p.ags, name, before: old, after: p.hebesatz });
        apply.push({ ags: p.ags, hebesatz: p.hebesatz });
      }
    }
    errors.sort((x, y) => x.row - y.row);
    await repo.upsertRates(tx, year, apply);
    await recordAudit(tx, actor, {
      action: 'import',
      entity: 'municipality_rates',
      entityId: year,
      after: {
        file: upload.filename,
        created: report.created,
        changed: report.changed.length,
        errors: errors.length,
      },
    });
    return report;
  });
}
