import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

/**
 * An independent reader of DATEV EXTF Buchungsstapel files, for tests only.
 *
 * It shares no code with the writer (`../datev.ts`): it decodes Windows-1252 with its own
 * table, splits with csv-parse, takes the 125 headings from DATEV's
 * own column list (testdata/columns_…tsv) and checks every field against the rules in
 * docs/datev-extf.md. Where DATEV itself is lenient (its sample has an amount without
 * decimals, BU-Schlüssel of 1–4 digits, two-digit accounts) the reader is lenient too:
 * it must accept DATEV's sample file unchanged.
 */

const HEADINGS = readFileSync(
  new URL('../testdata/columns_buchungsstapel_v700_fv13.tsv', import.meta.url),
  'utf8',
)
  .trim()
  .split('\n')
  .map((l) => l.split('\t')[1]!.trim());

export interface ExtfField {
  value: string;
  quoted: boolean;
}

export interface ExtfRow {
  /** By DATEV's heading, e.g. row.get('Konto'). */
  get(heading: string): string;
  /** Amount in cents, positive for "S", negative for "H". */
  signedCents: bigint;
  /** The full Belegdatum with the year taken from the header period. */
  date: string;
}

export interface ExtfFile {
  header: ExtfField[];
  headings: string[];
  rows: ExtfRow[];
  /** Every rule violation found; empty for a valid file. */
  problems: string[];
  beraternummer: number;
  mandantennummer: number;
  sachkontenlaenge: number;
  from: string;
  to: string;
  wjBeginn: string;
  bezeichnung: string;
  text: string;
}

const BELEGFELD = /^[0-9A-Za-z$&%*+\-/]*$/;

/**
 * Windows-1252 bytes 0x80–0x9F (Unicode's CP1252.TXT; the rest equals Latin-1). Written out
 * here because Node 20's TextDecoder('windows-1252') decodes these bytes as Latin-1
 * controls, and the writer's iconv-lite must not check itself.
 */
const CP1252_80_9F: (number | null)[] = [
  0x20ac,
  null,
  0x201a,
  0x0192,
  0x201e,
  0x2026,
  0x2020,
  0x2021,
  0x02c6,
  0x2030,
  0x0160,
  0x2039,
  0x0152,
  null,
  0x017d,
  null,
  null,
  0x2018,
  0x2019,
  0x201c,
  0x201d,
  0x2022,
  0x2013,
  0x2014,
  0x02dc,
  0x2122,
  0x0161,
  0x203a,
  0x0153,
  null,
  0x017e,
  0x0178,
];

function decodeCp1252(bytes: Uint8Array, problems: string[]): string {
  let out = '';
  for (const b of bytes) {
    if (b < 0x80 || b > 0x9f) out += String.fromCharCode(b);
    else {
      const cp = CP1252_80_9F[b - 0x80];
      if (cp == null) problems.push(`Byte 0x${b.toString(16)} ist in Windows-1252 nicht belegt`);
      out += String.fromCharCode(cp ?? 0xfffd);
    }
  }
  return out;
}

function ymd(s: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso) ? iso : null;
}

function parseFields(text: string): ExtfField[][] {
  return parse(text, {
    delimiter: ';',
    quote: '"',
    escape: '"',
    record_delimiter: '\r\n',
    relax_column_count: true,
    cast: (value, context) => ({ value, quoted: context.quoting }),
  }) as unknown as ExtfField[][];
}

export function readExtf(bytes: Uint8Array): ExtfFile {
  const problems: string[] = [];
  const text = decodeCp1252(bytes, problems);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    problems.push('UTF-8-BOM statt Windows-1252');
  // Every line ends with CR LF; no bare CR or LF anywhere (so no line breaks inside fields).
  if (!text.endsWith('\r\n')) problems.push('Datei endet nicht mit CR LF');
  if (/\r(?!\n)|(?<!\r)\n/.test(text))
    problems.push('Zeilenende ohne CR LF oder Zeilenumbruch in einem Feld');
  const records = parseFields(text);
  const [headerRec = [], headingRec = [], ...dataRecs] = records;

  // --- line 1: the header ---
  if (headerRec.length !== 31) problems.push(`Kopfzeile hat ${headerRec.length} statt 31 Felder`);
  const h = (n: number) => headerRec[n - 1] ?? { value: '', quoted: false };
  const expectHeader = (n: number, ok: boolean, what: string) => {
    if (!ok) problems.push(`Kopf Feld ${n} (${what}): „${h(n).value}“`);
  };
  expectHeader(1, h(1).value === 'EXTF' && h(1).quoted, 'Kennzeichen');
  expectHeader(2, h(2).value === '700' && !h(2).quoted, 'Versionsnummer');
  expectHeader(3, h(3).value === '21', 'Formatkategorie');
  expectHeader(4, h(4).value === 'Buchungsstapel' && h(4).quoted, 'Formatname');
  expectHeader(5, h(5).value === '13', 'Formatversion');
  expectHeader(6, /^\d{17}$/.test(h(6).value) && ymd(h(6).value.slice(0, 8)) !== null, 'Erzeugt am');
  expectHeader(8, /^[A-Z]{2}$/.test(h(8).value), 'Herkunft');
  expectHeader(9, h(9).value.length <= 25, 'Exportiert von');
  const berater = Number(h(11).value);
  const mandant = Number(h(12).value);
  const skl = Number(h(14).value);
  expectHeader(11, /^\d+$/.test(h(11).value) && berater >= 1001 && berater <= 9999999, 'Beraternummer');
  expectHeader(12, /^\d+$/.test(h(12).value) && mandant >= 1 && mandant <= 99999, 'Mandantennummer');
  const wj = ymd(h(13).value);
  expectHeader(13, wj !== null, 'WJ-Beginn');
  expectHeader(14, /^[4-8]$/.test(h(14).value), 'Sachkontenlänge');
  const from = ymd(h(15).value);
  const to = ymd(h(16).value);
  expectHeader(15, from !== null, 'Datum vom');
  expectHeader(16, to !== null, 'Datum bis');
  if (wj && from && to) {
    const wjEnd = `${Number(wj.slice(0, 4)) + 1}${wj.slice(4)}`;
    if (!(wj <= from && from <= to && to < wjEnd))
      problems.push(`Zeitraum ${from}–${to} liegt nicht in einem Wirtschaftsjahr ab ${wj}`);
  }
  expectHeader(17, h(17).value.length <= 30, 'Bezeichnung');
  expectHeader(18, h(18).value.length <= 2, 'Diktatkürzel');
  expectHeader(19, ['1', '2'].includes(h(19).value), 'Buchungstyp');
  expectHeader(20, ['', '0'].includes(h(20).value), 'Rechnungslegungszweck');
  expectHeader(21, ['0', '1'].includes(h(21).value), 'Festschreibung');
  expectHeader(22, h(22).value === 'EUR', 'WKZ');
  expectHeader(27, ['03', '04'].includes(h(27).value), 'SKR');

  // --- line 2: the headings ---
  const headings = headingRec.map((f) => f.value);
  if (headings.length !== 125) problems.push(`Überschriftenzeile hat ${headings.length} statt 125 Spalten`);
  headings.forEach((name, i) => {
    if (name !== HEADINGS[i]) problems.push(`Spalte ${i + 1} heißt „${name}“ statt „${HEADINGS[i]}“`);
  });

  // --- line 3 on: bookings ---
  const col = new Map(HEADINGS.map((name, i) => [name, i]));
  const rows: ExtfRow[] = [];
  dataRecs.forEach((rec, r) => {
    const line = r + 3;
    const bad = (what: string, value: string) => problems.push(`Zeile ${line}, ${what}: „${value}“`);
    if (rec.length !== 125) problems.push(`Zeile ${line} hat ${rec.length} statt 125 Felder`);
    const field = (name: string) => rec[col.get(name)!] ?? { value: '', quoted: false };
    const v = (name: string) => field(name).value;
    for (const f of rec) {
      if ([...f.value].some((c) => c < ' ' || c === '\x7f')) bad('Steuerzeichen im Feld', f.value);
    }
    const umsatz = v('Umsatz (ohne Soll/Haben-Kz)');
    const mAmount = /^(\d{1,10})(?:,(\d{1,2}))?$/.exec(umsatz);
    if (!mAmount || field('Umsatz (ohne Soll/Haben-Kz)').quoted) bad('Umsatz', umsatz);
    const cents = mAmount ? BigInt(mAmount[1]!) * 100n + BigInt((mAmount[2] ?? '').padEnd(2, '0')) : 0n;
    if (mAmount && cents === 0n) bad('Umsatz ist 0', umsatz);
    const sh = v('Soll/Haben-Kennzeichen');
    if (!['S', 'H'].includes(sh)) bad('Soll/Haben-Kennzeichen', sh);
    const wkz = v('WKZ Umsatz');
    if (!/^([A-Z]{3})?$/.test(wkz)) bad('WKZ Umsatz', wkz);
    for (const name of ['Konto', 'Gegenkonto (ohne BU-Schlüssel)']) {
      const acc = v(name);
      if (!/^\d+$/.test(acc) || acc.length > skl + 1 || field(name).quoted) bad(name, acc);
    }
    const bu = v('BU-Schlüssel');
    if (!/^\d{0,4}$/.test(bu)) bad('BU-Schlüssel', bu);
    const bd = v('Belegdatum');
    let date = '';
    const mDate = /^(\d{2})(\d{2})$/.exec(bd);
    if (!mDate) bad('Belegdatum (TTMM)', bd);
    else if (from && to) {
      // The year comes from the period: the first year in which TTMM lies inside it.
      const candidates = [from.slice(0, 4), to.slice(0, 4)].map((y) => `${y}-${mDate[2]}-${mDate[1]}`);
      date = candidates.find((d) => ymd(d.replaceAll('-', '')) && d >= from && d <= to) ?? '';
      if (!date) bad('Belegdatum außerhalb von Datum vom/bis', bd);
    }
    const b1 = v('Belegfeld 1');
    if (b1.length > 36 || !BELEGFELD.test(b1)) bad('Belegfeld 1', b1);
    const b2 = v('Belegfeld 2');
    if (b2.length > 12 || !BELEGFELD.test(b2)) bad('Belegfeld 2', b2);
    const bt = v('Buchungstext');
    if (bt.length > 60 || (bt && !field('Buchungstext').quoted)) bad('Buchungstext', bt);
    for (let i = 1; i <= 8; i++) {
      const art = v(`Beleginfo - Art ${i}`);
      const inhalt = v(`Beleginfo - Inhalt ${i}`);
      if (art.length > 20) bad(`Beleginfo-Art ${i}`, art);
      if (inhalt.length > 210) bad(`Beleginfo-Inhalt ${i}`, inhalt);
    }
    const kost1 = v('KOST1 - Kostenstelle');
    if (kost1.length > 36) bad('KOST1', kost1);
    const kost2 = v('KOST2 - Kostenstelle');
    if (kost2.length > 36) bad('KOST2', kost2);
    const vj = v('Veranlagungsjahr');
    if (!/^(\d{4})?$/.test(vj)) bad('Veranlagungsjahr', vj);
    const guid = v('Buchungs GUID');
    if (guid.length > 36) bad('Buchungs GUID', guid);
    const fs = v('Festschreibung');
    if (!['', '0', '1'].includes(fs)) bad('Festschreibung', fs);
    const faellig = v('Fälligkeit');
    if (faellig && !ymd(faellig.slice(4) + faellig.slice(2, 4) + faellig.slice(0, 2)))
      bad('Fälligkeit', faellig);
    const gu = v('Generalumkehr (GU)');
    if (!['', '0', '1'].includes(gu)) bad('Generalumkehr', gu);
    rows.push({
      get: v,
      signedCents: sh === 'H' ? -cents : cents,
      date,
    });
  });

  return {
    header: headerRec,
    headings,
    rows,
    problems,
    beraternummer: berater,
    mandantennummer: mandant,
    sachkontenlaenge: skl,
    from: from ?? '',
    to: to ?? '',
    wjBeginn: wj ?? '',
    bezeichnung: h(17).value,
    text,
  };
}
