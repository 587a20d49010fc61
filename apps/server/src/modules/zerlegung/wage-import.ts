import {
  anrechenbareLoehneJeGemeinde,
  type ArbeitnehmerLohnZeile,
  bundeslandFromAgs,
  formatMoneyPlain,
  type ZerlegungWageImportResult,
} from '@gewst/domain';
import ExcelJS from 'exceljs';
import { validationFailed } from '../../http/errors';

type Column = 'ags' | 'name' | 'gl' | 'loehne' | 'lohn' | 'zuschlaege' | 'azubi' | 'fremd' | 'person';

const fold = (s: string) =>
  s
    .toLowerCase()
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replace(/[^a-z0-9]/g, '');

/** Header texts accepted per column (folded: lower case, umlauts spelled out, no spaces). */
function columnOf(header: string): Column | null {
  const h = fold(header);
  if (!h) return null;
  if (h === 'ags' || h.startsWith('gemeindeschluessel') || h.startsWith('amtlichergemeindeschluessel'))
    return 'ags';
  if (h.startsWith('geschaeftsleitung') || h === 'gl') return 'gl';
  if (h.startsWith('zuschlaege') || h.startsWith('zuschlag')) return 'zuschlaege';
  if (h.startsWith('auszubild') || h === 'azubi') return 'azubi';
  if (h.startsWith('fremdpersonal') || h.startsWith('leiharbeit')) return 'fremd';
  if (
    h.startsWith('personalnummer') ||
    h.startsWith('mitarbeiter') ||
    h.startsWith('arbeitnehmer') ||
    h === 'name'
  )
    return 'person';
  if (h.includes('loehne') || h.startsWith('lohnsumme') || h.startsWith('summearbeitsl')) return 'loehne';
  if (
    h.startsWith('lohn') ||
    h.startsWith('arbeitslohn') ||
    h.startsWith('bruttolohn') ||
    h.startsWith('brutto')
  )
    return 'lohn';
  if (
    h.startsWith('gemeinde') ||
    h.startsWith('bezeichnung') ||
    h.startsWith('betriebsstaette') ||
    h === 'ort'
  )
    return 'name';
  return null;
}

function cellText(v: ExcelJS.CellValue): string {
  if (v == null) return '';
  if (typeof v === 'object') {
    if ('result' in v && v.result != null) return cellText(v.result as ExcelJS.CellValue);
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return String(v.text);
    return '';
  }
  return String(v).trim();
}

/** Euro amount in cents from a number cell or text (1.234,56 / 1234.56 / 1234,56 €). */
function cents(v: ExcelJS.CellValue): bigint | null {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? BigInt(Math.round(v * 100)) : null;
  let t = cellText(v).replace(/[€\s]/g, '');
  if (t === '') return 0n;
  if (t.includes(',')) t = t.replaceAll('.', '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const [i = '0', f = ''] = t.split('.');
  return BigInt(i) * 100n + BigInt(`${f}00`.slice(0, 2));
}

const yes = (v: ExcelJS.CellValue) => /^(ja|j|x|1|true|wahr|yes)$/i.test(cellText(v));
const money = (c: bigint) => formatMoneyPlain(c);

/**
 * Wages for a Zerlegung from an xlsx sheet, either per municipality (AGS, Arbeitslöhne
 * [, Gemeinde, Geschäftsleitung]) or per employee (AGS, Lohn [, Zuschläge, Auszubildend,
 * Fremdpersonal, Personalnummer]). Employee rows go through the §31 rule of the domain
 * (50,000 € cap per employee — rows with the same Personalnummer/Name are one employee —
 * trainees and hired staff excluded) and are summed per AGS.
 */
export async function importWages(content: Buffer): Promise<ZerlegungWageImportResult> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw validationFailed({ content_base64: ['Die Datei ist keine lesbare Excel-Datei (.xlsx).'] });
  }
  const ws = wb.worksheets[0];
  if (!ws) throw validationFailed({ content_base64: ['Die Excel-Datei enthält kein Tabellenblatt.'] });

  let headerRow = 0;
  let columns = new Map<Column, number>();
  for (let r = 1; r <= Math.min(ws.rowCount, 15) && headerRow === 0; r++) {
    const found = new Map<Column, number>();
    ws.getRow(r).eachCell((cell, col) => {
      const c = columnOf(cellText(cell.value));
      if (c && !found.has(c)) found.set(c, col);
    });
    if (found.has('ags') && (found.has('loehne') || found.has('lohn'))) {
      headerRow = r;
      columns = found;
    }
  }
  if (headerRow === 0) {
    throw validationFailed({
      content_base64: [
        'Keine Kopfzeile gefunden: erwartet werden die Spalten „AGS“ und „Arbeitslöhne“ (je Gemeinde) oder „AGS“ und „Lohn“ (je Arbeitnehmer).',
      ],
    });
  }
  const perEmployee = !columns.has('loehne');
  const fehler: string[] = [];
  const byAgs = new Map<
    string,
    { name: string | null; gl: boolean; cents: bigint; count: number; persons: Set<string> }
  >();
  const employees: ArbeitnehmerLohnZeile[] = [];
  for (let r = headerRow + 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const get = (c: Column) => (columns.has(c) ? row.getCell(columns.get(c)!).value : null);
    const agsRaw = cellText(get('ags')).replace(/\s/g, '');
    const amount = get(perEmployee ? 'lohn' : 'loehne');
    if (agsRaw === '' && cellText(amount) === '') continue;
    const ags = /^\d{7}$/.test(agsRaw) ? `0${agsRaw}` : agsRaw; // Excel drops the leading zero
    if (!bundeslandFromAgs(ags)) {
      fehler.push(`Zeile ${r}: „${agsRaw}“ ist kein gültiger Gemeindeschlüssel (8 Ziffern).`);
      continue;
    }
    const value = cents(amount);
    if (value == null) {
      fehler.push(`Zeile ${r}: „${cellText(amount)}“ ist kein gültiger Betrag.`);
      continue;
    }
    const entry = byAgs.get(ags) ?? {
      name: null,
      gl: false,
      cents: 0n,
      count: 0,
      persons: new Set<string>(),
    };
    if (perEmployee) {
      const person = cellText(get('person'));
      employees.push({
        person,
        ags,
        lohnCent: value,
        zuschlaegeCent: cents(get('zuschlaege')) ?? 0n,
        auszubildend: yes(get('azubi')),
        fremdpersonal: yes(get('fremd')),
      });
      entry.persons.add(person || `Zeile ${r}`);
      entry.count = entry.persons.size;
    } else {
      entry.cents += value;
      entry.count += 1;
    }
    entry.gl ||= yes(get('gl'));
    entry.name ??= perEmployee ? null : cellText(get('name')) || null;
    byAgs.set(ags, entry);
  }
  // §31: the 50,000 € cap per employee over all their rows (same Personalnummer/Name).
  if (perEmployee) for (const [ags, c] of anrechenbareLoehneJeGemeinde(employees)) byAgs.get(ags)!.cents = c;
  if (byAgs.size === 0 && fehler.length === 0)
    fehler.push('Die Tabelle enthält keine Zeilen mit Arbeitslöhnen.');
  return {
    art: perEmployee ? 'arbeitnehmer' : 'gemeinde',
    zeilen: [...byAgs.entries()].map(([ags, e]) => ({
      ags,
      name: e.name,
      geschaeftsleitung: e.gl,
      arbeitsloehne: money(e.cents),
      arbeitnehmer: perEmployee ? e.count : 0,
    })),
    fehler,
  };
}
