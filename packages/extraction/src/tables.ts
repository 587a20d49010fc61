import { unionRect, xOverlap } from './layout.js';
import { municipalitiesNamed } from './municipality.js';
import { MONEY_SOURCE, parseMoney, toCents } from './normalize.js';
import { type PageIndex, spanConfidence, spanRect } from './textindex.js';
import type { ExtractedField, MunicipalityResolver, Rect, Zerlegungsanteil } from './types.js';
import { readByAnchors } from './zerlegung.js';

export interface Hit<V> {
  value: V;
  start: number;
  end: number;
  row: number;
}

export function hits<V>(
  ix: PageIndex,
  source: string,
  parse: (s: string) => V | null,
  from: number,
  to: number,
): Hit<V>[] {
  const out: Hit<V>[] = [];
  const re = new RegExp(source, 'giu');
  re.lastIndex = from;
  for (let m = re.exec(ix.flat); m && m.index < to; m = re.exec(ix.flat)) {
    const v = parse(m[0]);
    if (v !== null)
      out.push({ value: v, start: m.index, end: m.index + m[0].length, row: rowAt(ix, m.index) });
  }
  return out;
}
export const rowAt = (ix: PageIndex, pos: number) => ix.rows.findIndex((r) => pos >= r.start && pos <= r.end);

/**
 * The apportionment (Zerlegung): one share of the Messbetrag per municipality. Read in three
 * forms, each by meaning rather than by layout — a table (header cells naming a place and a
 * share; the share column chosen by its header and by the printed total it sums to), key–value
 * blocks per municipality (a place or "Name" line, then a share line), and running text ("auf
 * die Gemeinde X entfallen 1.234,56 €"). Among the forms found, the one whose shares sum to an
 * amount printed on the notice (the Messbetrag) wins (the shares always sum to it).
 */
export function findZerlegungsanteile(
  indexes: PageIndex[],
  resolve?: MunicipalityResolver,
): ExtractedField<Zerlegungsanteil[]> | null {
  const printed = new Map<bigint, number>();
  for (const ix of indexes)
    for (const h of hits(ix, MONEY_SOURCE, parseMoney, 0, ix.flat.length)) {
      const c = toCents(h.value);
      printed.set(c, (printed.get(c) ?? 0) + 1);
    }
  const sumsToPrinted = (value: Zerlegungsanteil[]) => {
    const total = value.reduce((a, z) => a + toCents(z.anteil), 0n);
    return (printed.get(total) ?? 0) > (value.some((z) => toCents(z.anteil) === total) ? 1 : 0);
  };
  const found = [
    zerlegungTable(indexes, resolve, printed),
    zerlegungBlocks(indexes, resolve),
    zerlegungText(indexes, resolve, sumsToPrinted),
  ].filter((x): x is ZerlegungRead => x !== null && x.value.length > 0);
  // Read by the municipalities and the arithmetic, whatever the form: when the arithmetic
  // confirms it, it wins over the form readers.
  const generic = readByAnchors(indexes, resolve);
  if (generic?.confirmed)
    return {
      value: generic.value,
      confidence: round(0.97 * generic.conf),
      page: generic.page,
      rect: generic.rect,
    };
  if (found.length === 0) {
    if (!generic) return null;
    return {
      value: generic.value,
      confidence: round(0.6 * generic.conf),
      page: generic.page,
      rect: generic.rect,
    };
  }
  // Printed apart from the shares themselves (a single share equals the total only with one row).
  const sums = (r: ZerlegungRead) => sumsToPrinted(r.value);
  const scored = found.map((r) => ({ r, s: r.score + (sums(r) ? 1 : 0) + 0.01 * r.value.length }));
  scored.sort((a, b) => b.s - a.s);
  const bestRead = scored[0]!.r;
  const confirmed = sums(bestRead);
  return {
    value: bestRead.value,
    confidence: round((confirmed ? 0.97 : 0.85) * bestRead.conf),
    page: bestRead.page,
    rect: bestRead.rect,
  };
}

interface ZerlegungRead {
  value: Zerlegungsanteil[];
  score: number;
  conf: number;
  page: number;
  rect: Rect;
}

/** A municipality's name as printed in a cell or sentence: no AGS, amounts, brackets or prefix. */
function placeName(raw: string): string {
  const cellName = raw
    .replace(/\d{8}/g, '')
    .replace(new RegExp(MONEY_SOURCE, 'giu'), '')
    .replace(/\(\s*(?:AGS:?)?\s*\)/gu, '')
    .replace(/^[^\p{L}(]+|[^\p{L}).]+$/gu, '')
    // A trailing point belongs to short abbreviations ("Auerbach/Vogtl."), not to long words.
    .replace(/(?<=[\p{L}]{6})\.$/u, '');
  // "Stadt Igel" → "Igel", unless the prefix is part of the official name ("Markt Schwaben").
  const bare = cellName.replace(new RegExp(`^(?:${PREFIX}) (?=\\p{L}{2})`, 'u'), '');
  return bare !== cellName && !municipalitiesNamed(cellName).some((e) => e.name === cellName)
    ? bare
    : cellName;
}
const agsIn = (text: string) => /(?<!\d)\d{8}(?!\d)/.exec(text)?.[0] ?? null;
/** Money hits that are no percentages ("25,97 %" is a quota, not an amount). */
const amountsIn = (ix: PageIndex, from: number, to: number) =>
  hits(ix, MONEY_SOURCE, parseMoney, from, to).filter(
    (h) => !/^\s?(?:%|v\.\s?H\.|vom\s+Hundert|Prozent)/iu.test(ix.flat.slice(h.end, h.end + 14)),
  );

function zerlegungTable(
  indexes: PageIndex[],
  resolve: MunicipalityResolver | undefined,
  printed: Map<bigint, number>,
): ZerlegungRead | null {
  interface Row {
    name: string;
    ags: string | null;
    moneys: Hit<string>[];
    /** Index of the money under the share column's header, if any. */
    underHeader: number;
    /** Money indices under a wage column's header (never the share). */
    underWages: Set<number>;
    rect: Rect;
    conf: number;
  }
  const rows: Row[] = [];
  const totals: Hit<string>[][] = [];
  let page = 0;
  // The amount columns in header order (share, wages): used when the cells do not line up.
  let order: { count: number; share: number; wages: number[] } | null = null;
  for (const ix of indexes) {
    // The header: cells naming a place and a share, amounts in the next row (not a sentence before it).
    const headerRow = ix.rows.findIndex((r, i) => {
      const next = ix.rows[i + 1];
      return (
        isShareHeader(ix.text.slice(r.start, r.end)) &&
        !!next &&
        amountsIn(ix, next.start, next.end).length > 0
      );
    });
    if (headerRow < 0) {
      if (rows.length) break;
      continue;
    }
    // A table that runs onto the next page repeats its header there; one that does not ends here.
    if (rows.length && page && ix.page.page !== page + 1) break;
    page = ix.page.page;
    const header = ix.rows[headerRow]!;
    const headerText = ix.text.slice(header.start, header.end);
    // Header cells by meaning: the share cell (not a quota in %, not the wages) and the wage cells.
    let anteilRect: Rect | null = null;
    const wageRects: Rect[] = [];
    const isWage = (cell: string) =>
      WAGE_HEADER.test(cell) && !SHARE_COLUMN.test(cell.replace(WAGE_HEADER, ''));
    // Cells with their offsets; a cell that names the wages and the share ("Lohnsumme
    // zugeteilter Messbetrag", two headers set close together) is two cells.
    const cells: { text: string; start: number }[] = [];
    let at = 0;
    for (const cell of headerText.split('\t')) {
      const wage = WAGE_HEADER.exec(cell);
      const share = SHARE_COLUMN.exec(cell);
      // Either order: "Lohnsumme zugeteilter Messbetrag", "Anteil in EUR Zerlegungsmaßstab".
      const later =
        wage && share && share.index > wage.index + wage[0].length
          ? share.index
          : wage && share && wage.index > share.index + share[0].length
            ? wage.index
            : -1;
      const cut = later > 0 ? cell.lastIndexOf(' ', later) + 1 : 0;
      if (cut > 0) {
        cells.push({ text: cell.slice(0, cut), start: at }, { text: cell.slice(cut), start: at + cut });
      } else cells.push({ text: cell, start: at });
      at += cell.length + 1;
    }
    const amountCells = cells
      .map((c) => c.text)
      .filter((c) => !PERCENT_HEADER.test(c) && (SHARE_COLUMN.test(c) || isWage(c) || AMOUNT_HEADER.test(c)));
    order ??= {
      count: amountCells.length,
      share: amountCells.findIndex((c) => !isWage(c) && SHARE_COLUMN.test(c)),
      wages: amountCells.flatMap((c, i) => (isWage(c) ? [i] : [])),
    };
    for (const cell of cells) {
      const s = header.start + cell.start;
      const rect = spanRect(ix, s, s + cell.text.trimEnd().length);
      if (PERCENT_HEADER.test(cell.text)) continue;
      if (isWage(cell.text)) wageRects.push(rect);
      else if (!anteilRect && SHARE_COLUMN.test(cell.text)) anteilRect = rect;
    }
    for (let r = headerRow + 1; r < Math.min(ix.rows.length, headerRow + 40); r++) {
      const row = ix.rows[r]!;
      const text = ix.text.slice(row.start, row.end);
      const moneys = amountsIn(ix, row.start, row.end);
      if (moneys.length === 0) break;
      if (TOTAL_ROW.test(text) || TOTAL_ROW.test(text.split('\t').find((c) => /\p{L}{2}/u.test(c)) ?? '')) {
        totals.push(moneys);
        continue;
      }
      // The municipality: the first cell with a name in it (a running number may come first).
      const name = placeName(
        text
          .split('\t')
          .map((cell) => placeName(cell))
          .find((cell) => /\p{L}{2}/u.test(cell)) ?? '',
      );
      if (!/\p{L}{2}/u.test(name)) continue;
      // The amount that lies most under the header cell (a neighbour's unit may reach into it).
      const under = (rect: Rect) => {
        let at = -1;
        let most = 0;
        moneys.forEach((x, i) => {
          const o = xOverlap(spanRect(ix, x.start, x.end), rect);
          if (o > most) [at, most] = [i, o];
        });
        return at;
      };
      const underHeader = anteilRect ? under(anteilRect) : -1;
      const underWages = new Set(wageRects.map(under).filter((i) => i >= 0));
      rows.push({
        name,
        ags: agsIn(text) ?? resolve?.(name) ?? null,
        moneys,
        underHeader,
        underWages,
        rect: row.rect,
        conf: spanConfidence(ix, row.start, row.end),
      });
    }
  }
  if (rows.length === 0) return null;
  // Which money column holds the shares: the one whose sum a printed total (Summe row, or the
  // Messbetrag elsewhere on the notice) confirms; then the column under the share header; then the
  // last column that is not under a wage header.
  const width = Math.max(...rows.map((r) => r.moneys.length));
  const columnOf = (r: Row, j: number) => r.moneys[r.moneys.length - width + j] ?? null;
  const totalSet = new Set<bigint>(printed.keys());
  for (const t of totals) for (const h of t) totalSet.add(toCents(h.value));
  const sumOf = (j: number) =>
    rows.reduce(
      (acc, r) => {
        const h = columnOf(r, j);
        return acc === null || !h ? null : acc + toCents(h.value);
      },
      0n as bigint | null,
    );
  const byOrder = order && order.count === width ? order : null;
  const wageColumn = (j: number) =>
    rows.some((r) => r.underWages.has(r.moneys.length - width + j)) || !!byOrder?.wages.includes(j);
  let column = -1;
  let confirmed = false;
  const headerColumns = rows
    .filter((r) => r.underHeader >= 0)
    .map((r) => r.underHeader - r.moneys.length + width);
  const lastShare = [...Array(width).keys()].reverse().find((j) => !wageColumn(j)) ?? width - 1;
  const options = [
    ...new Set([
      ...headerColumns.slice(0, 1),
      ...(byOrder && byOrder.share >= 0 ? [byOrder.share] : []),
      lastShare,
      ...Array(width).keys(),
    ]),
  ].filter((j) => !wageColumn(j));
  if (rows.length > 1) {
    for (const j of options) {
      if (column >= 0) break;
      const sum = sumOf(j);
      if (
        sum !== null &&
        totalSet.has(sum) &&
        !rows.some((r) => toCents(columnOf(r, j)?.value ?? '0') === sum)
      ) {
        column = j;
        confirmed = true;
      }
    }
  }
  const value: Zerlegungsanteil[] = rows.map((r) => {
    const share =
      (column >= 0 ? columnOf(r, column) : null) ??
      (r.underHeader >= 0 ? r.moneys[r.underHeader] : null) ??
      (options[0] !== undefined ? columnOf(r, options[0]) : null) ??
      r.moneys[r.moneys.length - 1]!;
    return { gemeinde: r.name, ags: r.ags, anteil: share.value };
  });
  return {
    value,
    score: 1 + (confirmed ? 0.2 : 0),
    conf: Math.min(...rows.map((r) => r.conf)),
    page: page || 1,
    rect: unionRect(rows.map((r) => r.rect)),
  };
}

/**
 * Key–value blocks per municipality: a line naming the place ("Gemeinde: X", "Name: X" under a
 * place heading), then a line with the share ("Zerlegungsanteil: 1.234,56 €"); wage lines between
 * are skipped.
 */
function zerlegungBlocks(indexes: PageIndex[], resolve?: MunicipalityResolver): ZerlegungRead | null {
  const value: Zerlegungsanteil[] = [];
  const rects: Rect[] = [];
  let conf = 1;
  let page = 0;
  let place: { name: string; ags: string | null } | null = null;
  let placeHeading = false;
  for (const ix of indexes) {
    for (const row of ix.rows) {
      const text = ix.text.slice(row.start, row.end);
      // Label/value pairs of the row (two-column forms hold two), dotted leaders and colons removed.
      const parts = text
        .split(/\t|\s*\.{2,}\s*:?\s*|:\s+/u)
        .map((x) => x.trim())
        .filter(Boolean);
      if (parts.length === 1 && !amountsIn(ix, row.start, row.end).length) {
        // A heading that names a place ("2. Hebeberechtigte Gemeinde") makes "Name:" a place label.
        if (PLACE_WORD.test(parts[0]!) && parts[0]!.length < 50) placeHeading = true;
        continue;
      }
      for (let i = 0; i + 1 < parts.length; i++) {
        const label = parts[i]!;
        const val = parts[i + 1]!;
        if (PLACE_LABEL.test(label) || (placeHeading && NAME_LABEL.test(label))) {
          const name = placeName(val);
          if (/\p{L}{2}/u.test(name) && !new RegExp(MONEY_SOURCE, 'u').test(val)) {
            place = { name, ags: agsIn(val) };
            placeHeading = false;
            i++;
          }
          continue;
        }
        if (!place || WAGE_HEADER.test(label) || PERCENT_HEADER.test(label) || !SHARE_COLUMN.test(label))
          continue;
        const anteil = parseMoney(val);
        if (!anteil) continue;
        value.push({ gemeinde: place.name, ags: place.ags ?? resolve?.(place.name) ?? null, anteil });
        rects.push(row.rect);
        conf = Math.min(conf, spanConfidence(ix, row.start, row.end));
        page ||= ix.page.page;
        place = null;
        i++;
      }
    }
  }
  if (value.length < 2) return null;
  return { value, score: 0.9, conf, page, rect: unionRect(rects) };
}

/** Running text: "… entfallen auf die Gemeinde X 1.234,56 €, auf die Stadt Y ein Anteil von 2.345,67 € …". */
function zerlegungText(
  indexes: PageIndex[],
  resolve?: MunicipalityResolver,
  sumsToPrinted?: (value: Zerlegungsanteil[]) => boolean,
): ZerlegungRead | null {
  const re = new RegExp(
    String.raw`(?<![\p{L}])(?:${PREFIX}) (?<n>${NAME})(?<mid>[^\d€]{0,40}?)(?<m>${MONEY_SOURCE})`,
    'gud',
  );
  // The pages as one text: a sentence may run onto the next page.
  const offsets: number[] = [];
  let all = '';
  for (const ix of indexes) {
    // A sentence that runs onto the next page continues after that page's running header
    // ("Seite 2", "- 2 -", "Blatt 2 von 3"): blanked (same length, so offsets stay true).
    const h = PAGE_HEADER.exec(ix.text)?.[0].length ?? 0;
    const flat = ' '.repeat(h) + ix.flat.slice(h);
    offsets.push(all.length);
    all += `${flat} `;
  }
  const pageAt = (pos: number) => {
    let i = 0;
    while (i + 1 < offsets.length && offsets[i + 1]! <= pos) i++;
    return i;
  };
  const mention = /zerleg|entf(?:a|ä)ll/giu;
  // Every sentence that mentions the apportionment is read; the reading whose shares sum to an
  // amount printed on the notice (the Messbetrag) wins, else the fullest.
  let bestRead: (ZerlegungRead & { sums: boolean }) | null = null;
  for (let m = mention.exec(all); m; m = mention.exec(all)) {
    const window = all.slice(m.index, m.index + 2500);
    const value: Zerlegungsanteil[] = [];
    const rects: Rect[] = [];
    let conf = 1;
    for (const x of window.matchAll(re)) {
      const g = x.groups!;
      // Only a short link between name and amount ("ein Anteil von"), no other clause.
      if (/[.;]/u.test(g.mid ?? '') || /\d{8}/.test(g.mid ?? '')) continue;
      const name = placeName(`${x[0].split(' ')[0]} ${g.n ?? ''}`);
      const anteil = parseMoney(g.m ?? '');
      if (!anteil || !/\p{L}{2}/u.test(name)) continue;
      const pos = m.index + (x.index ?? 0);
      const p = pageAt(pos);
      const ix = indexes[p]!;
      const s = pos - offsets[p]!;
      value.push({ gemeinde: name, ags: agsIn(x[0]) ?? resolve?.(name) ?? null, anteil });
      rects.push(spanRect(ix, s, Math.min(ix.flat.length, s + x[0].length)));
      conf = Math.min(conf, spanConfidence(ix, s, Math.min(ix.flat.length, s + x[0].length)));
    }
    if (value.length < 2) continue;
    const sums = sumsToPrinted?.(value) ?? false;
    if (
      !bestRead ||
      (sums && !bestRead.sums) ||
      (sums === bestRead.sums && value.length > bestRead.value.length)
    )
      bestRead = {
        value,
        score: 0.8,
        conf,
        page: indexes[pageAt(m.index)]!.page.page,
        rect: unionRect(rects),
        sums,
      };
  }
  if (!bestRead) return null;
  const { sums: _sums, ...read } = bestRead;
  return read;
}

/** A page's running header on its first line: "Seite 2", "Seite 2 von 3", "- 2 -", "Blatt 2". */
const PAGE_HEADER = /^\s*(?:(?:Seite|Blatt)\s+\d+(?:\s*(?:von|\/)\s*\d+)?|-\s*\d+\s*-)\s*(?=\n)/iu;

/** Header of a Zerlegung table: cells naming a place and a share (or wages); no sentence. */
const PLACE_WORD =
  /gemeinde|kommune|hebeberechtigt|gebietsk(?:ö|oe|o)rperschaft|st(?:ä|ae|a)dte|stadt|ort(?:sname)?(?![\p{L}])|betriebsst(?:ä|ae|a)tte/iu;
const PLACE_LABEL =
  /^\s*(?:\d+\.\s*)?(?:hebeberechtigte\s+)?(?:gemeinde|kommune|stadt|betriebsst(?:ä|ae|a)ttengemeinde|gebietsk(?:ö|oe|o)rperschaft)(?:\s*\/\s*stadt)?\s*$/iu;
const NAME_LABEL = /^\s*(?:name|bezeichnung)\s*$/iu;
const SHARE_WORD =
  /anteil|zerleg|zuteil|zugeteilt|messbetrag|me(?:ß|ss)betrag|arbeitsl(?:ö|oe|o)hn|lohnsumme/iu;
const isShareHeader = (t: string) =>
  PLACE_WORD.test(t) &&
  SHARE_WORD.test(t) &&
  !/\d{2},\d{2}/u.test(t) &&
  // Table header cells, not a sentence that mentions the municipalities.
  (t.includes('\t') || t.split(/\s+/).length <= 6) &&
  !/[:;]\s*$/u.test(t.trim()) &&
  t.split(/\s+/).length <= 14;
const SHARE_COLUMN = /(?:zerlegungs)?anteil|zerlegungsbetrag|zugeteilt\w*|zuteilung|me(?:ß|ss)betrag\w*/iu;
const WAGE_HEADER = /arbeitsl(?:ö|oe|o)hn|lohnsumme|l(?:ö|oe|o)hne|ma(?:ß|ss)stab/iu;
const AMOUNT_HEADER = /betrag|eur|€/iu;
const PERCENT_HEADER = /%|quote|v\.\s?H\.|vom\s+Hundert|prozent/iu;
const TOTAL_ROW = /^\s*(?:summe|gesamt|insgesamt|zusammen|gesamtbetrag|total)/iu;

const round = (n: number) => Math.round(n * 100) / 100;

// The offices and forms of a municipality that head its letters: the town or municipality itself,
// its administration, its mayor's office (Bürgermeisteramt, Baden-Württemberg), its cash office.
const PREFIX =
  'Landeshauptstadt|Hansestadt|Universitätsstadt|Große Kreisstadt|Kreisstadt|Stadtverwaltung|Gemeindeverwaltung|Bürgermeisteramt|Marktgemeinde|Ortsgemeinde|Stadtgemeinde|Gemeindekasse|Stadtkasse|Stadt|Gemeinde|Markt|Flecken';
// Words of a place name; a short lower-case abbreviation may be glued to the next word ("Lohr
// a.Main", "Neustadt a.d.Donau").
const NAME = String.raw`[\p{Lu}][\p{L}.'/-]*(?:(?: (?:am|an der|an|im|in der|in|ob der|bei|vor der|v\. d\.|a\.|i\.|\/))* (?:[\p{Lu}(][\p{L}.()'-]*)| (?:[a-zäöü]{1,2}\.){1,2}[\p{Lu}][\p{L}.'-]*)*`;

/** The issuing municipality: "Stadt Köln", "Gemeinde X", "Magistrat der Stadt X" in the letterhead. */
export function findGemeinde(indexes: PageIndex[]): ExtractedField<string> | null {
  const ix = indexes[0];
  if (!ix) return null;
  const re = new RegExp(String.raw`(?<![\p{L}])(?:${PREFIX}) (?<v>${NAME})`, 'giud');
  let bestHit: { name: string; start: number; end: number; score: number } | null = null;
  for (const m of ix.text.matchAll(re)) {
    const g = m.indices?.groups?.v;
    if (!g) continue;
    let name = ix.text
      .slice(g[0], g[1])
      .replace(/,$/, '')
      .replace(/(?<=[\p{L}]{6})\.$/u, '');
    // Cut at a department word printed on the same line.
    name = name.replace(/ (?:Der|Die|Das|Kämmerei|Steueramt|Stadtkasse|Postfach|Fachbereich|Amt)\b.*$/u, '');
    // A name begins with a capital (the pattern is case-blind for the prefix): "die hebeberechtigte
    // Gemeinde wendet darauf …" is running text, not a municipality.
    if (name.length < 2 || !/^[\p{Lu}(]/u.test(name)) continue;
    const rect = spanRect(ix, g[0], g[1]);
    // Letterhead (top of page 1) beats running text.
    const score = (rect[1] < ix.page.height * 0.25 ? 2 : 1) - g[0] / 1e6;
    if (!bestHit || score > bestHit.score) bestHit = { name, start: g[0], end: g[1], score };
  }
  if (!bestHit) return null;
  let name = bestHit.name;
  if (name === name.toUpperCase()) {
    // Letterhead in capitals: find the same name in normal case (address line), else title-case it.
    const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = esc.replace(/SS/g, '(?:ss|ß|SS)');
    const found = [...ix.flat.matchAll(new RegExp(pattern, 'giu'))]
      .map((x) => x[0])
      .find((x) => x !== x.toUpperCase());
    name = found ?? name.toLowerCase().replace(/(^|[\s(-])\p{L}/gu, (s) => s.toUpperCase());
  }
  return {
    value: name,
    confidence: round(0.9 * spanConfidence(ix, bestHit.start, bestHit.end)),
    page: ix.page.page,
    rect: spanRect(ix, bestHit.start, bestHit.end),
  };
}
