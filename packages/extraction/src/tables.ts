import { unionRect, xOverlap } from './layout.js';
import { municipalitiesNamed } from './municipality.js';
import { DATE_SOURCE, MONEY_SOURCE, parseDate, parseMoney, toCents } from './normalize.js';
import { type PageIndex, spanConfidence, spanRect } from './textindex.js';
import type { ExtractedField, MunicipalityResolver, Rect, Vorauszahlung, Zerlegungsanteil } from './types.js';

interface Hit<V> {
  value: V;
  start: number;
  end: number;
  row: number;
}

function hits<V>(
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
const rowAt = (ix: PageIndex, pos: number) => ix.rows.findIndex((r) => pos >= r.start && pos <= r.end);

const QUARTER_OF_MONTH: Record<number, number> = { 2: 1, 5: 2, 8: 3, 11: 4 };

/** Quarterly prepayments: due dates (15 Feb/May/Aug/Nov) paired with amounts after a "Vorauszahlung" mention. */
export function findVorauszahlungen(
  indexes: PageIndex[],
  expected: string | null = null,
): ExtractedField<Vorauszahlung[]> | null {
  for (const ix of indexes) {
    const mention = /vorauszahlung/giu;
    for (let m = mention.exec(ix.flat); m; m = mention.exec(ix.flat)) {
      const endRe =
        /bankverbindung|rechtsbehelf|kreditinstitut|\bIBAN\b|zinsen\s+zur|mit\s+freundlichen|bitte\s+geben/giu;
      endRe.lastIndex = m.index;
      const end = endRe.exec(ix.flat)?.index ?? ix.flat.length;
      const dates = hits(ix, DATE_SOURCE, parseDate, m.index, end).filter((d) => {
        const [, mo = 0, day = 0] = d.value.split('-').map(Number);
        return QUARTER_OF_MONTH[mo] !== undefined && day >= 10 && day <= 20;
      });
      if (dates.length === 0) continue;
      const firstRow = ix.rows[dates[0]!.row];
      const moneys = hits(ix, MONEY_SOURCE, parseMoney, firstRow?.start ?? dates[0]!.start, end);
      if (moneys.length === 0) continue;
      const pairs: [Hit<string>, Hit<string>][] = [];
      const distinct = new Set(moneys.map((x) => x.value));
      const onRow = dates.map((d) => moneys.filter((x) => x.row === d.row && x.start > d.end));
      if (onRow.every((xs) => xs.length > 1)) {
        // Several amounts per due date (old and new values, difference): the new column, or
        // the amount the assessment implies (a quarter of the annual tax).
        const header = columnHeader(ix, dates[0]!.row);
        for (const [i, d] of dates.entries()) {
          const xs = onRow[i]!;
          const pick =
            (expected ? xs.find((x) => x.value === expected) : undefined) ??
            (header ? xs.find((x) => xOverlap(spanRect(ix, x.start, x.end), header.neu) > 0.3) : undefined) ??
            (header?.bisher
              ? xs.find((x) => xOverlap(spanRect(ix, x.start, x.end), header.bisher!) <= 0.3)
              : undefined) ??
            xs[0]!;
          pairs.push([d, pick]);
        }
      } else if (moneys.length === dates.length)
        for (const [i, d] of dates.entries()) pairs.push([d, moneys[i]!]);
      else if (distinct.size === 1) for (const d of dates) pairs.push([d, moneys[0]!]);
      else {
        for (const d of dates) {
          const same =
            moneys.find((x) => x.row === d.row && x.start > d.end) ?? moneys.find((x) => x.start > d.end);
          if (same) pairs.push([d, same]);
        }
      }
      if (pairs.length === 0) continue;
      const value = pairs.map(([d, x]) => {
        const [y = 0, mo = 0] = d.value.split('-').map(Number);
        return { jahr: y, quartal: QUARTER_OF_MONTH[mo] ?? 0, betrag: x.value, faellig_am: d.value };
      });
      const spans = pairs.flat();
      return {
        value,
        confidence: round(0.9 * Math.min(...spans.map((s) => spanConfidence(ix, s.start, s.end)))),
        page: ix.page.page,
        rect: unionRect(spans.map((s) => spanRect(ix, s.start, s.end))),
      };
    }
  }
  return null;
}

/** A table header above `row` with a column of new values (and one of old values). */
function columnHeader(ix: PageIndex, row: number): { neu: Rect; bisher: Rect | null } | null {
  for (let r = row - 1; r >= Math.max(0, row - 3); r--) {
    const rr = ix.rows[r]!;
    const t = ix.text.slice(rr.start, rr.end);
    const neu = /(?<![\p{L}])(?:neu|neue\s+festsetzung|künftig|ab\s+jetzt)(?![\p{L}])/iu.exec(t);
    if (!neu) continue;
    const old = /(?<![\p{L}])(?:bisher|alt|bisherige\s+festsetzung)(?![\p{L}])/iu.exec(t);
    const rect = (m: RegExpExecArray) => spanRect(ix, rr.start + m.index, rr.start + m.index + m[0].length);
    return { neu: rect(neu), bisher: old ? rect(old) : null };
  }
  return null;
}

/** The apportionment table: one row per municipality with its share of the MB. */
export function findZerlegungsanteile(
  indexes: PageIndex[],
  resolve?: MunicipalityResolver,
): ExtractedField<Zerlegungsanteil[]> | null {
  interface Row {
    name: string;
    ags: string | null;
    moneys: Hit<string>[];
    /** Index of the money under the share column's header, if any. */
    underHeader: number;
    rect: Rect;
    conf: number;
  }
  const rows: Row[] = [];
  const totals: Hit<string>[][] = [];
  let page = 0;
  for (const ix of indexes) {
    // The header: names a place and a share, and amounts follow in the next row (not a sentence before it).
    const headerRow = ix.rows.findIndex((r, i) => {
      const next = ix.rows[i + 1];
      return (
        isShareHeader(ix.text.slice(r.start, r.end)) &&
        !!next &&
        hits(ix, MONEY_SOURCE, parseMoney, next.start, next.end).length > 0
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
    const anteilPos = SHARE_COLUMN.exec(ix.text.slice(header.start, header.end));
    const anteilRect: Rect | null = anteilPos
      ? spanRect(ix, header.start + anteilPos.index, header.start + anteilPos.index + anteilPos[0].length)
      : null;
    for (let r = headerRow + 1; r < Math.min(ix.rows.length, headerRow + 40); r++) {
      const row = ix.rows[r]!;
      const text = ix.text.slice(row.start, row.end);
      const moneys = hits(ix, MONEY_SOURCE, parseMoney, row.start, row.end);
      if (moneys.length === 0) break;
      if (TOTAL_ROW.test(text)) {
        totals.push(moneys);
        continue;
      }
      // The municipality: the first cell with a name in it (a running number may come first),
      // without its AGS, amounts and empty brackets.
      const cellName =
        text
          .split('\t')
          .map((cell) =>
            cell
              .replace(/\d{8}/g, '')
              .replace(new RegExp(MONEY_SOURCE, 'giu'), '')
              .replace(/\(\s*(?:AGS:?)?\s*\)/gu, '')
              .replace(/^[^\p{L}(]+|[^\p{L}).]+$/gu, '')
              // A trailing point belongs to short abbreviations ("Auerbach/Vogtl."), not to long words.
              .replace(/(?<=[\p{L}]{6})\.$/u, ''),
          )
          .find((cell) => /\p{L}{2}/u.test(cell)) ?? '';
      // "Stadt Igel" → "Igel", unless the prefix is part of the official name ("Markt Schwaben").
      const bare = cellName.replace(new RegExp(`^(?:${PREFIX}) (?=\\p{L}{2})`, 'u'), '');
      const name =
        bare !== cellName && !municipalitiesNamed(cellName).some((e) => e.name === cellName)
          ? bare
          : cellName;
      if (!/\p{L}{2}/u.test(name)) continue;
      const underHeader = anteilRect
        ? moneys.findIndex((x) => xOverlap(spanRect(ix, x.start, x.end), anteilRect) > 0)
        : -1;
      const ags = /(?<!\d)\d{8}(?!\d)/.exec(text)?.[0] ?? resolve?.(name) ?? null;
      rows.push({
        name,
        ags,
        moneys,
        underHeader,
        rect: row.rect,
        conf: spanConfidence(ix, row.start, row.end),
      });
    }
  }
  if (rows.length === 0) return null;
  // Which money column holds the shares: the one whose sum a printed total (Summe row, or the
  // Messbetrag elsewhere on the notice) confirms; then the column under the share header; then the last.
  const width = Math.max(...rows.map((r) => r.moneys.length));
  const columnOf = (r: Row, j: number) => r.moneys[r.moneys.length - width + j] ?? null;
  const printed = new Set<bigint>();
  for (const t of totals) for (const h of t) printed.add(toCents(h.value));
  for (const ix of indexes)
    for (const h of hits(ix, MONEY_SOURCE, parseMoney, 0, ix.flat.length)) printed.add(toCents(h.value));
  const sumOf = (j: number) =>
    rows.reduce(
      (acc, r) => {
        const h = columnOf(r, j);
        return acc === null || !h ? null : acc + toCents(h.value);
      },
      0n as bigint | null,
    );
  let column = -1;
  let confirmed = false;
  // Only the column under the share header and the last column are considered (wages sum up too).
  const headerColumns = rows
    .filter((r) => r.underHeader >= 0)
    .map((r) => r.underHeader - r.moneys.length + width);
  const options = [...new Set([...headerColumns.slice(0, 1), width - 1])];
  if (rows.length > 1) {
    for (const j of options) {
      if (column >= 0) break;
      const sum = sumOf(j);
      if (
        sum !== null &&
        printed.has(sum) &&
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
      r.moneys[r.moneys.length - 1]!;
    return { gemeinde: r.name, ags: r.ags, anteil: share.value };
  });
  const conf = Math.min(...rows.map((r) => r.conf));
  return {
    value,
    confidence: round((confirmed ? 0.97 : 0.9) * conf),
    page: page || 1,
    rect: unionRect(rows.map((r) => r.rect)),
  };
}

/** Header of a Zerlegung table: a column of municipalities and a column of shares (or wages). */
const PLACE_WORD =
  /gemeinde|kommune|hebeberechtigt|gebietsk(?:ö|oe|o)rperschaft|st(?:ä|ae|a)dte|stadt|ort(?:sname)?(?![\p{L}])|betriebsst(?:ä|ae|a)tte/iu;
const SHARE_WORD =
  /anteil|zerleg|zuteil|zugeteilt|messbetrag|me(?:ß|ss)betrag|arbeitsl(?:ö|oe|o)hn|lohnsumme/iu;
const isShareHeader = (t: string) => PLACE_WORD.test(t) && SHARE_WORD.test(t) && !/\d{2},\d{2}/u.test(t);
const SHARE_COLUMN = /(?:zerlegungs)?anteil|zerlegungsbetrag|zugeteilt\w*|zuteilung|me(?:ß|ss)betrag\w*/iu;
const TOTAL_ROW = /^\s*(?:summe|gesamt|insgesamt|zusammen|gesamtbetrag|total)/iu;

const round = (n: number) => Math.round(n * 100) / 100;

const PREFIX =
  'Landeshauptstadt|Hansestadt|Universitätsstadt|Kreisstadt|Stadtverwaltung|Gemeindeverwaltung|Stadt|Gemeinde|Markt|Flecken';
const NAME = String.raw`[\p{Lu}][\p{L}.'/-]*(?:(?: (?:am|an der|an|im|in der|in|ob der|bei|vor der|v\. d\.|a\.|i\.|\/))* (?:[\p{Lu}(][\p{L}.()'-]*))*`;

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
    if (name.length < 2) continue;
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
