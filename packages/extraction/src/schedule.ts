/**
 * The prepayment schedule (Vorauszahlungen, § 19 GewStG): quarterly amounts due on 15 Feb,
 * 15 May, 15 Aug and 15 Nov. Read by meaning, in three ways, and the reading the arithmetic
 * confirms wins:
 * - due dates paired with amounts (tables, rows, sentences; old and new columns);
 * - quarter markers paired with amounts — "I/2025", "1. Quartal 2025", "Q1", "zum 15.02."
 *   without a year, "15. Mai", "Februar 2025" — the year from the marker or from the nearest
 *   year printed before it (a heading "Vorauszahlungen für 2025", a column "Betrag 2025");
 * - a sentence that sets them at once: "ab dem II. Quartal 2025 vierteljährlich je …", "… betragen
 *   insgesamt …; zu je einem Viertel …" (a yearly total split over the quarters still due).
 * Every instalment is at least 50 € (DOMAIN.md § 3); the amount a quarter of the annual tax gives
 * (floor(annual / 4) in whole euros) confirms a reading.
 */
import { bundeslandFromAgs, type Quartal, vorauszahlungFaelligkeit } from '@gewst/domain';
import { unionRect, xOverlap } from './layout.js';
import { DATE_SOURCE, MONEY_SOURCE, parseDate, parseMoney, toCents } from './normalize.js';
import { type Hit, hits } from './tables.js';
import { type PageIndex, spanConfidence, spanRect } from './textindex.js';
import type { ExtractedField, Rect, Vorauszahlung } from './types.js';

const QUARTER_OF_MONTH: Record<number, number> = { 2: 1, 5: 2, 8: 3, 11: 4 };
/** The quarter of a due date (ISO): the 10th to the 20th of Feb/May/Aug/Nov, the 15th or a working day near it. */
const dueQuarter = (iso: string): number | undefined => {
  const [, mo = 0, day = 0] = iso.split('-').map(Number);
  return day >= 10 && day <= 20 ? QUARTER_OF_MONTH[mo] : undefined;
};
const DUE_MONTH = [2, 5, 8, 11];
const MIN_CENTS = 5000n;

/** Where the schedule ends: the bank details, the legal remedy, the closing. */
const END_RE =
  /bankverbindung|rechtsbehelf|kreditinstitut|\bIBAN\b|zinsen\s+zur|mit\s+freundlichen|bitte\s+geben/giu;

/**
 * Where a schedule may start: the prepayments named ("Vorauszahlungen", "Abschlagszahlungen",
 * the abbreviation "VZ" of a form print or a marginal heading) or the quarterly amounts as such
 * ("Vierteljahresbeträge", "Quartalsraten", "Teilbeträge je Quartal") — a combined notice of
 * several levies names its schedule by its instalments, not by the word prepayment.
 */
const MENTION_RE =
  /vorauszahlung\p{L}*|abschlagszahlung\p{L}*|(?<![\p{L}\d])VZ(?![\p{L}\d])|(?:vierteljahr(?:es|s)?|quartals?)(?:betr[aä]g|rate|zahlung|soll)\p{L}*/giu;

interface Entry {
  jahr: number;
  quartal: number;
  betrag: string;
  faellig_am: string;
  spans: { start: number; end: number }[];
  /** The due date is printed (not the statutory 15th of the quarter's month). */
  printed?: boolean;
}
interface Reading {
  entries: Entry[];
  /** 3 = due dates, 2 = quarter markers, 1 = a sentence. */
  kind: number;
  ix: PageIndex;
}

/** "Fällt ein Fälligkeitstag auf einen Samstag, Sonntag oder Feiertag, … am nächsten Werktag". */
const WORKING_DAY_RULE =
  /(?:samstag|sonnabend|sonntag|feiertag|wochenende)[^.]{0,160}(?:nächst|folgend)\p{L}*\s+(?:werktag|arbeitstag|geschäftstag|bankarbeitstag)|(?:nächst|folgend)\p{L}*\s+(?:werktag|arbeitstag|geschäftstag|bankarbeitstag)[^.]{0,160}(?:samstag|sonnabend|sonntag|feiertag|wochenende)/iu;

/**
 * The statutory due date of a quarter (15 Feb/May/Aug/Nov) moved to the next working day of the
 * municipality's state (DOMAIN.md § 3); without a known state, past weekends and the holidays of
 * a state without one on these days.
 */
export function dueDateIn(ags: string | null): (jahr: number, quartal: number) => string {
  const state = (ags ? bundeslandFromAgs(ags) : null) ?? 'Nordrhein-Westfalen';
  return (jahr, quartal) => {
    try {
      return vorauszahlungFaelligkeit(jahr, quartal as Quartal, state, ags ? { ags } : {});
    } catch {
      return iso(jahr, quartal);
    }
  };
}

const iso = (y: number, q: number) => `${y}-${String(DUE_MONTH[q - 1]).padStart(2, '0')}-15`;
const money = (ix: PageIndex, from: number, to: number) =>
  hits(ix, MONEY_SOURCE, parseMoney, from, to).filter(
    // "0,15 %" is a rate, not an amount; an instalment is never below 50 €.
    (h) => !/^\s?(?:%|v\.\s?H|vom\s+H|Prozent)/iu.test(ix.flat.slice(h.end, h.end + 9)),
  );
const big = (h: Hit<string>) => toCents(h.value) >= MIN_CENTS;
/**
 * An instalment in running text: at least 50 €, or nothing at all when the notice's own
 * arithmetic gives no tax (a Messbetrag of 0: the prepayments are set to 0,00 €).
 */
const instalment = (expected: string | null) => (h: Hit<string>) =>
  big(h) || (expected !== null && toCents(expected) === 0n && toCents(h.value) === 0n);

export function findVorauszahlungen(
  indexes: PageIndex[],
  expected: string | null = null,
  dueDate: (jahr: number, quartal: number) => string = dueDateIn(null),
): ExtractedField<Vorauszahlung[]> | null {
  const readings: Reading[] = [];
  for (const ix of indexes) {
    let lastEnd = -1;
    MENTION_RE.lastIndex = 0;
    for (let m = MENTION_RE.exec(ix.flat); m; m = MENTION_RE.exec(ix.flat)) {
      END_RE.lastIndex = m.index;
      const end = END_RE.exec(ix.flat)?.index ?? ix.flat.length;
      const byDates = readDates(ix, m.index, end, expected);
      // A date paired with an amount rows away (an interest period's end, a date in a sentence)
      // reads weaker than a quarter marker or a sentence that sets the instalments.
      if (byDates) readings.push({ entries: byDates, kind: close(ix, byDates) ? 3 : 0.5, ix });
      // The other readers see each region once (mentions within one region read the same).
      if (end === lastEnd) continue;
      lastEnd = end;
      const rowStart = ix.rows.find((r) => m.index >= r.start && m.index <= r.end)?.start ?? m.index;
      const byMarkers = readMarkers(ix, rowStart, end, expected);
      if (byMarkers) readings.push({ entries: byMarkers, kind: 2, ix });
      const bySentence = readSentence(ix, rowStart, end, expected);
      if (bySentence) readings.push({ entries: bySentence, kind: 1, ix });
      const byList = readList(ix, rowStart, end, expected);
      if (byList) readings.push({ entries: byList, kind: 1, ix });
    }
  }
  // No word names the schedule ("Fälligkeiten 2025" over rows of quarters): a table of its own
  // shape — rows each pairing a quarter (due date or marker) with an amount, two quarters or more.
  if (readings.length === 0)
    for (const ix of indexes) {
      const start = scheduleRows(ix);
      if (start === null) continue;
      END_RE.lastIndex = start;
      const end = END_RE.exec(ix.flat)?.index ?? ix.flat.length;
      const byDates = readDates(ix, start, end, expected);
      if (byDates && byDates.length >= 2 && close(ix, byDates))
        readings.push({ entries: byDates, kind: 3, ix });
      const byMarkers = readMarkers(ix, start, end, expected);
      if (byMarkers && byMarkers.length >= 2) readings.push({ entries: byMarkers, kind: 2, ix });
    }
  if (readings.length === 0) return null;
  const score = (r: Reading) => {
    const amounts = new Set(r.entries.map((e) => e.betrag));
    let s = r.kind;
    if (expected) s += r.entries.every((e) => e.betrag === expected) ? 4 : amounts.has(expected) ? 1 : -4;
    if (amounts.size === 1) s += 1;
    // Of two readings of the same strength, the one whose due dates are printed.
    if (r.entries.every((e) => e.printed)) s += 0.1;
    return s + 0.01 * r.entries.length;
  };
  // Best score; the first reading (earliest mention) among equals.
  let best = readings[0]!;
  for (const r of readings) if (score(r) > score(best)) best = r;
  // A reading that sets the same instalments and more of them (a sentence "ab … vierteljährlich je …"
  // against its one printed start date) is the fuller one.
  const key = (e: Entry) => `${e.jahr}-${e.quartal}-${e.betrag}`;
  for (const r of readings) {
    const keys = new Set(r.entries.map(key));
    if (
      r.entries.length > best.entries.length &&
      best.entries.every((e) => keys.has(key(e))) &&
      new Set(r.entries.map((e) => e.betrag)).size === 1
    )
      best = r;
  }
  // The statutory 15th as printed or implied — moved when the letter says a due day on a weekend
  // or holiday moves to the next working day (the instalment then is due that day).
  const moves = indexes.some((ix) => WORKING_DAY_RULE.test(ix.flat));
  const due = (e: Entry) => (e.printed || !moves ? e.faellig_am : dueDate(e.jahr, e.quartal));
  const confirmed = expected !== null && best.entries.every((e) => e.betrag === expected);
  const spans = best.entries.flatMap((e) => e.spans);
  const conf = Math.min(...spans.map((s) => spanConfidence(best.ix, s.start, s.end)));
  const all = [...best.entries, ...continuation(indexes, best, expected)];
  return {
    value: all.map((e) => ({
      jahr: e.jahr,
      quartal: e.quartal,
      betrag: e.betrag,
      faellig_am: due(e),
    })),
    confidence: round((confirmed ? 0.95 : best.kind === 3 ? 0.9 : 0.75) * conf),
    page: best.ix.page.page,
    rect: unionRect(spans.map((s) => spanRect(best.ix, s.start, s.end))),
  };
}

/**
 * The start of the first row of a run of table rows (tab-separated cells) that each pair a
 * quarter — a due date of a quarter month or a quarter marker — with an amount of at least 50 €,
 * in two quarters or more; null without one.
 */
function scheduleRows(ix: PageIndex): number | null {
  let first: number | null = null;
  const quarters = new Set<string>();
  for (const row of ix.rows) {
    const text = ix.text.slice(row.start, row.end);
    const quarter =
      hits(ix, DATE_SOURCE, parseDate, row.start, row.end).flatMap((d) => {
        const q = dueQuarter(d.value);
        return q ? [`${d.value.slice(0, 4)}-${q}`] : [];
      })[0] ??
      markers(ix, row.start, row.end)
        .filter((m) => m.start < row.end)
        .map((m) => `${m.year ?? ''}-${m.q}`)[0];
    const ok = text.includes('\t') && quarter !== undefined && money(ix, row.start, row.end).some(big);
    if (!ok) {
      if (quarters.size >= 2) break;
      first = null;
      quarters.clear();
      continue;
    }
    first ??= row.start;
    quarters.add(quarter);
  }
  return quarters.size >= 2 ? first : null;
}

/**
 * A table broken by the page: the next page's first rows ("Fortsetzung", the header repeated)
 * carry on the schedule — the same year's later quarters at the same instalment.
 */
function continuation(indexes: PageIndex[], best: Reading, expected: string | null): Entry[] {
  const next = indexes[indexes.indexOf(best.ix) + 1];
  const last = best.entries[best.entries.length - 1]!;
  if (!next || last.quartal >= 4 || best.kind < 2) return [];
  END_RE.lastIndex = 0;
  const end = END_RE.exec(next.flat)?.index ?? next.flat.length;
  const amounts = new Set(best.entries.map((e) => e.betrag));
  for (const more of [readDates(next, 0, end, expected), readMarkers(next, 0, end, expected)]) {
    if (!more) continue;
    const top = next.rows.findIndex((r) => more[0]!.spans[0]!.start <= r.end);
    if (top > 10) continue;
    if (more.every((e) => e.jahr === last.jahr && e.quartal > last.quartal && amounts.has(e.betrag)))
      return more;
  }
  return [];
}

/**
 * Every due date with its amount on its own row, or a row of due dates over a row of amounts
 * (a matrix) — not an amount found rows away from a date.
 */
function close(ix: PageIndex, entries: Entry[]): boolean {
  const row = (pos: number) => ix.rows.findIndex((r) => pos >= r.start && pos <= r.end);
  const rows = entries.map(
    (e) => [row(e.spans[0]!.start), row(e.spans[1]?.start ?? e.spans[0]!.start)] as const,
  );
  if (rows.every(([a, b]) => a === b)) return true;
  return entries.length > 1 && rows.every(([a, b]) => a === rows[0]![0] && b === a + 1);
}

/** Sorted by due date, one entry per quarter. */
function tidy(entries: Entry[]): Entry[] | null {
  const seen = new Set<string>();
  const out = [...entries]
    .sort((a, b) => a.faellig_am.localeCompare(b.faellig_am))
    .filter((e) => {
      const k = `${e.jahr}-${e.quartal}`;
      if (seen.has(k) || e.quartal < 1) return false;
      seen.add(k);
      return true;
    });
  return out.length ? out : null;
}

/** Due dates (15 Feb/May/Aug/Nov, or a working day soon after) paired with amounts. */
function readDates(ix: PageIndex, from: number, end: number, expected: string | null): Entry[] | null {
  const dates = hits(ix, DATE_SOURCE, parseDate, from, end).filter((d) => {
    // "zum 15.02. 21 078,--": a day and month, then an amount grouped by spaces — not "15.02.21".
    if (
      /\.\s\d{2}$/u.test(ix.flat.slice(d.start, d.end)) &&
      /^\s\d{3}[,.]/u.test(ix.flat.slice(d.end, d.end + 5))
    )
      return false;
    return dueQuarter(d.value) !== undefined;
  });
  if (dates.length === 0) return null;
  // A row of due dates over rows of amounts (old / new / difference, or one row): by column.
  const headRow = dates.filter((d) => d.row === dates[0]!.row);
  const rowOf = ix.rows[dates[0]!.row];
  const bare = rowOf && money(ix, rowOf.start, rowOf.end).every((x) => x.row !== dates[0]!.row);
  if (headRow.length >= 2 && bare && dates.every((d) => d.row === dates[0]!.row)) {
    const grid = readGrid(ix, headRow, end, expected);
    if (grid)
      return tidy(
        grid.flatMap(({ cells }) => cells.flatMap((x, k) => (x ? [printedEntry(headRow[k]!, x)] : []))),
      );
  }
  const firstRow = ix.rows[dates[0]!.row];
  const moneys = money(ix, firstRow?.start ?? dates[0]!.start, end).filter(big);
  if (moneys.length === 0) return null;
  const pairs: [Hit<string>, Hit<string>][] = [];
  const distinct = new Set(moneys.map((x) => x.value));
  const onRow = dates.map((d) => moneys.filter((x) => x.row === d.row && x.start > d.end));
  // Every amount on a date's row, small and negative ones too (a difference column).
  const anyMoney = money(ix, firstRow?.start ?? dates[0]!.start, end);
  const rowAll = (d: Hit<string>) => anyMoney.filter((x) => x.row === d.row && x.start > d.end);
  if (onRow.every((xs) => xs.length > 1)) {
    // Several amounts per due date (old and new values, difference): the new column, or
    // the amount the assessment implies (a quarter of the annual tax).
    const header = columnHeader(ix, dates[0]!.row);
    const levies = levyHeader(ix, dates[0]!.row);
    for (const [i, d] of dates.entries()) {
      const xs = onRow[i]!;
      const pick =
        (expected ? xs.find((x) => x.value === expected) : undefined) ??
        (header ? xs.find((x) => xOverlap(spanRect(ix, x.start, x.end), header.neu) > 0.3) : undefined) ??
        tradeTaxCell(ix, levies, xs) ??
        (header?.bisher
          ? xs.find((x) => xOverlap(spanRect(ix, x.start, x.end), header.bisher!) <= 0.3)
          : undefined) ??
        xs.find((x) => x.start === byDifference(rowAll(d))?.start) ??
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
  return tidy(pairs.map(([d, x]) => printedEntry(d, x)));
}

/** One instalment as printed: its due date (ISO) and its amount; the quarter follows from the month. */
function printedEntry(d: Hit<string>, x: Hit<string>): Entry {
  const [y = 0, mo = 0] = d.value.split('-').map(Number);
  return {
    jahr: y,
    quartal: QUARTER_OF_MONTH[mo] ?? 0,
    betrag: x.value,
    faellig_am: d.value,
    spans: [d, x],
    printed: true,
  };
}

/** Words that mark a value as the new one, the old one, or a difference between them (stems). */
const NEW_RE =
  /(?<![\p{L}])(?:neu\p{L}{0,2}|Neufestsetzung|künftig\p{L}*|zukünftig\p{L}*|nunmehr\p{L}*|jetzt\p{L}*|geändert\p{L}*|ab\s+sofort)(?![\p{L}])/iu;
const OLD_RE =
  /(?<![\p{L}])(?:bisher\p{L}*|bislang\p{L}*|alt\p{L}{0,2}|vorher\p{L}*|ursprünglich\p{L}*|früher\p{L}*)(?![\p{L}])/iu;
const DIFF_RE =
  /(?<![\p{L}])(?:Differenz\p{L}*|Unterschied\p{L}*|Mehr|Weniger|Änderung\p{L}*|Nachzahlung\p{L}*|Erstattung\p{L}*|Nachforderung\p{L}*|Zu-?\s?\/\s?Abgang|Zugang|Abgang)(?![\p{L}])/iu;

/**
 * The words of the clause an amount stands in, up to it (from the last ",", ";", ":", "(" or
 * sentence end before it): "bisher vierteljährlich 1.000,00 €, künftig … 1.250,00 €".
 */
function clauseBefore(ix: PageIndex, from: number, at: number): string {
  const text = ix.flat.slice(Math.max(from, at - 80), at);
  const cut = Math.max(
    text.lastIndexOf(', '),
    text.lastIndexOf('; '),
    text.lastIndexOf(': '),
    text.lastIndexOf('. '),
    text.lastIndexOf('('),
  );
  return cut >= 0 ? text.slice(cut + 1) : text;
}
type Role = 'new' | 'old' | 'diff' | null;
function roleOf(ix: PageIndex, from: number, x: Hit<string>): Role {
  const c = clauseBefore(ix, from, x.start);
  if (DIFF_RE.test(c)) return 'diff';
  if (OLD_RE.test(c)) return 'old';
  if (NEW_RE.test(c)) return 'new';
  return null;
}

/**
 * Old, new and difference on one row without a header that says which is which: the new value is
 * the one the difference leads to (new − old = difference; unsigned, the later of the two).
 */
function byDifference(xs: Hit<string>[]): Hit<string> | null {
  const c = xs.map((x) => toCents(x.value));
  let unsigned: Hit<string> | null = null;
  for (let i = 0; i < xs.length; i++)
    for (let j = 0; j < xs.length; j++)
      for (let k = 0; k < xs.length; k++) {
        if (i === j || j === k || i === k) continue;
        if (c[j]! - c[i]! === c[k]! && c[k]! !== 0n) return xs[j]!;
        const d = c[j]! - c[i]!;
        if (!unsigned && j > i && (d === c[k]! || -d === c[k]!) && c[k]! !== 0n) unsigned = xs[j]!;
      }
  return unsigned;
}

/** A column of the trade tax; columns of other levies, and of their sum. */
const TRADE_TAX_RE = /Gewerbesteuer\p{L}*|GewSt\p{L}*|Gew\.\s?-?\s?St\.?/iu;
const OTHER_LEVY_RE =
  /Grundsteuer\p{L}*|Grundst\.|GrSt\p{L}*|Hundesteuer|Abfall\p{L}*|Müll\p{L}*|Abwasser\p{L}*|\p{L}*gebühr\p{L}*|Straßenreinigung|Niederschlag\p{L}*|zusammen|gesamt|insgesamt|Summe|Total/giu;

/**
 * A table header above `row` whose columns are levies (a combined notice's schedule with the land
 * tax beside the trade tax, and their sum): where the trade tax's column and the others' are.
 */
function levyHeader(ix: PageIndex, row: number): { trade: Rect | null; others: Rect[] } | null {
  for (let r = row - 1; r >= Math.max(0, row - 3); r--) {
    const rr = ix.rows[r]!;
    const t = ix.text.slice(rr.start, rr.end);
    // A header of columns, not a heading sentence naming the trade tax.
    if (!t.includes('\t')) continue;
    const rect = (i: number, n: number) => spanRect(ix, rr.start + i, rr.start + i + n);
    const others = [...t.matchAll(OTHER_LEVY_RE)].map((m) => rect(m.index, m[0].length));
    const trade = TRADE_TAX_RE.exec(t);
    if (others.length === 0) continue;
    return { trade: trade ? rect(trade.index, trade[0].length) : null, others };
  }
  return null;
}

/** The amount under the trade tax's column, else the only one under no other levy's or sum's column. */
function tradeTaxCell(
  ix: PageIndex,
  levies: ReturnType<typeof levyHeader>,
  xs: Hit<string>[],
): Hit<string> | undefined {
  if (!levies) return undefined;
  const near = (x: Hit<string>, r: Rect) => xOverlap(spanRect(ix, x.start, x.end), r) > 0.3;
  if (levies.trade) {
    const under = xs.find((x) => near(x, levies.trade!));
    if (under) return under;
  }
  const free = xs.filter((x) => !levies.others.some((r) => near(x, r)));
  return free.length === 1 ? free[0] : undefined;
}

/** A table header above `row` with a column of new values (and one of old values). */
function columnHeader(ix: PageIndex, row: number): { neu: Rect; bisher: Rect | null } | null {
  for (let r = row - 1; r >= Math.max(0, row - 3); r--) {
    const rr = ix.rows[r]!;
    const t = ix.text.slice(rr.start, rr.end);
    const neu = NEW_RE.exec(t);
    if (!neu) continue;
    const old = OLD_RE.exec(t);
    const rect = (m: RegExpExecArray) => spanRect(ix, rr.start + m.index, rr.start + m.index + m[0].length);
    return { neu: rect(neu), bisher: old ? rect(old) : null };
  }
  return null;
}

const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, l: 1, ll: 2, lll: 3, lv: 4 };
const quarterOf = (token: string) => ROMAN[token.toLowerCase()] ?? (Number(token) || 0);
const MONTH_Q: [RegExp, number][] = [
  [/^feb/iu, 1],
  [/^mai/iu, 2],
  [/^aug/iu, 3],
  [/^nov/iu, 4],
];
/** A year standing alone (not part of a date, an amount or a number). */
const YEAR_RE =
  /(?<![\d.,/]|(?:Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|Jan|Febr?|Apr|Aug|Sept?|Okt|Nov|Dez)\.?\s)(20\d{2})(?![\d]|[.,]\d)/gu;

/**
 * A quarter named without a full date: "I/2025", "1/2025", "1. Quartal (2025)", "I. Vj.",
 * "Q1", "Quartal 1", "zum 15.02.", "15. Mai", "Februar 2025". Groups: q (number or roman),
 * y (year, on the marker's own line and cell), m (month name), dm (month number of "15.02.").
 */
const MARKER_RE = new RegExp(
  [
    String.raw`(?<![\p{L}\d.,/])(?<q1>IV|I{1,3}|l{1,3}|[1-4])\s?/\s?(?<y1>20\d{2})(?!\d)`,
    String.raw`(?<![\p{L}\d.,])(?<q2>IV|I{1,3}|[1-4])\s?\.\s?(?:Kalender)?(?:Quartal|Qu\.|Quart\.|Vierteljahr(?:es)?|Vj\.|Viertel)(?:[ \u00a0]+(?<y2>20\d{2})(?!\d))?`,
    String.raw`(?<![\p{L}\d])(?:Quartal|Q)\s?(?<q3>[1-4])(?![\d.,])(?:\s?[/ ]\s?(?<y3>20\d{2})(?!\d))?`,
    String.raw`(?<![\d.,])(?:1\d|20)\.\s?(?<dm>0?[258]|11)\.(?!\s?(?:\d{4}|\d{2})(?![\d]|[.,]\d|[ \u00a0\u202f]\d{3}[,.]))`,
    String.raw`(?<![\p{L}\d]|\d\.[ ]?|\d[ ])(?:(?:1\d|20)\.?\s+)?(?<m>Februar|Febr?\.|Mai|August|Aug\.|November|Nov\.)(?![\p{L}])(?:[ \u00a0]+(?<y4>20\d{2})(?!\d))?`,
  ].join('|'),
  'giu',
);

interface Marker {
  q: number;
  year: number | null;
  start: number;
  end: number;
  row: number;
}

function markers(ix: PageIndex, from: number, end: number): Marker[] {
  const out: Marker[] = [];
  MARKER_RE.lastIndex = from;
  // On the text with its row and column breaks: a year ending one cell is no day of the next.
  for (let m = MARKER_RE.exec(ix.text); m && m.index < end; m = MARKER_RE.exec(ix.text)) {
    const g = m.groups ?? {};
    // A full date ("15. Mai 2025" with a day) is the date reader's.
    if (g.m && g.y4 && /^\d/.test(m[0])) continue;
    let q = 0;
    if (g.q1) q = quarterOf(g.q1);
    else if (g.q2) q = quarterOf(g.q2);
    else if (g.q3) q = Number(g.q3);
    else if (g.dm) q = QUARTER_OF_MONTH[Number(g.dm)] ?? 0;
    else if (g.m) q = MONTH_Q.find(([re]) => re.test(g.m!))?.[1] ?? 0;
    if (!q) continue;
    // "ab dem 3. Quartal", "bis zum I/2025": the start or end of a period, not an instalment.
    if (
      /(?:\bab|\bbis|\bvon)(?:\s+(?:dem|zum))?\s*$/iu.test(ix.text.slice(Math.max(0, m.index - 12), m.index))
    )
      continue;
    const y = g.y1 ?? g.y2 ?? g.y3 ?? g.y4;
    const row = ix.rows.findIndex((r) => m!.index >= r.start && m!.index <= r.end);
    out.push({ q, year: y ? Number(y) : null, start: m.index, end: m.index + m[0].length, row });
  }
  return out;
}

/** The nearest year printed before `pos` and after `from` (a heading, a column header, a sentence). */
function yearBefore(ix: PageIndex, from: number, pos: number): number | null {
  let year: number | null = null;
  YEAR_RE.lastIndex = from;
  for (let m = YEAR_RE.exec(ix.flat); m && m.index < pos; m = YEAR_RE.exec(ix.flat)) year = Number(m[1]);
  return year;
}

/** Quarter markers paired with the amounts after them on their row (or, for a row of markers, the next row). */
function readMarkers(ix: PageIndex, from: number, end: number, expected: string | null): Entry[] | null {
  const ms = markers(ix, from, end);
  if (ms.length === 0) return null;
  // A yearly total ("insgesamt", "jährlich") is no instalment.
  const amounts = money(ix, from, end)
    .filter(big)
    .filter((a) => !TOTAL_RE.test(ix.flat.slice(Math.max(from, a.start - 30), a.start)));
  const entries: Entry[] = [];
  for (let i = 0; i < ms.length; i++) {
    const mk = ms[i]!;
    const next = ms[i + 1];
    const stop = next && next.row === mk.row ? next.start : (ix.rows[mk.row]?.end ?? end);
    const xs = amounts.filter((a) => a.start >= mk.end && a.start < stop);
    if (xs.length === 0) {
      // A row of markers over rows of amounts (a matrix, one row per year or one row only): the
      // k-th marker of its row takes the k-th amount of every row below that has as many; the
      // year from the row's own year cell, else the marker's, else the nearest before.
      const rowMarkers = ms.filter((x) => x.row === mk.row);
      const k = rowMarkers.indexOf(mk);
      for (const { year: own, cells } of readGrid(ix, rowMarkers, end, expected) ?? []) {
        const year = own ?? mk.year ?? yearBefore(ix, from, mk.start);
        const x = cells[k];
        if (!year || !x) continue;
        entries.push({
          jahr: year,
          quartal: mk.q,
          betrag: x.value,
          faellig_am: iso(year, mk.q),
          spans: [mk, x],
        });
      }
      continue;
    }
    const x = (expected ? xs.find((a) => a.value === expected) : undefined) ?? newest(ix, xs);
    const year = mk.year ?? yearBefore(ix, from, mk.start);
    if (!year) continue;
    entries.push({ jahr: year, quartal: mk.q, betrag: x.value, faellig_am: iso(year, mk.q), spans: [mk, x] });
  }
  return entries.length >= 1 ? tidy(entries) : null;
}

interface GridRow {
  /** The row's own year (a matrix of several years), if it names one before its amounts. */
  year: number | null;
  /** The amount under each head (column), or null (an empty cell, a dash). */
  cells: (Hit<string> | null)[];
}

/**
 * A row of heads (due dates or quarter markers) over rows of amounts, read by column: each
 * amount belongs to the head nearest above it (a dash leaves its cell empty; a total column
 * belongs to no head). Rows of several years are all instalments; rows of one schedule in
 * several versions (bisher / neu / Änderung, or unlabelled old, new, difference) give the new
 * one — the row the arithmetic expects, else the row labelled new, else the one a difference
 * leads to (new − old = difference), else the one not labelled old or as a difference.
 */
function readGrid(
  ix: PageIndex,
  heads: { start: number; end: number; row: number }[],
  end: number,
  expected: string | null,
): GridRow[] | null {
  const centre = (r: Rect) => r[0] + r[2] / 2;
  const headX = heads.map((h) => centre(spanRect(ix, h.start, h.end)));
  const gap = Math.min(
    ...headX
      .slice(1)
      .map((x, i) => x - headX[i]!)
      .map(Math.abs),
    200,
  );
  const rows: (GridRow & { label: string })[] = [];
  for (let r = heads[0]!.row + 1; r < ix.rows.length && rows.length < 6; r++) {
    const row = ix.rows[r]!;
    if (row.start >= end) break;
    const xs = money(ix, row.start, Math.min(row.end, end)).filter((x) => x.row === r);
    if (xs.length === 0) break;
    const cells: (Hit<string> | null)[] = heads.map(() => null);
    const dist: number[] = heads.map(() => Infinity);
    for (const x of xs) {
      // A sign in the cell before ("-" for an empty quarter, then a tab) is not the amount's.
      const digits = x.start + Math.max(0, ix.text.slice(x.start, x.end).search(/\d/));
      const signed = ix.text.slice(x.start, digits).includes('\t');
      const cell = signed ? { ...x, start: digits, value: x.value.replace(/^-/, '') } : x;
      const cx = centre(spanRect(ix, cell.start, cell.end));
      let k = 0;
      for (let i = 1; i < headX.length; i++) if (Math.abs(cx - headX[i]!) < Math.abs(cx - headX[k]!)) k = i;
      const d = Math.abs(cx - headX[k]!);
      if (d < gap * 0.75 && d < dist[k]!) {
        cells[k] = cell;
        dist[k] = d;
      }
    }
    const live = cells.filter((c): c is Hit<string> => c !== null && big(c));
    for (const [i, c] of cells.entries()) if (c && !big(c)) cells[i] = null;
    if (live.length === 0) break;
    const label = ix.text.slice(row.start, xs[0]!.start);
    const own = /(?<![\d.,])(20\d{2})(?![\d.,])/u.exec(label);
    rows.push({ year: own ? Number(own[1]) : null, cells, label });
  }
  if (rows.length === 0) return null;
  if (rows.every((r) => r.year !== null)) return rows;
  if (rows.length === 1) return rows;
  const filled = (r: GridRow) => r.cells.filter((c) => c !== null) as Hit<string>[];
  const byExpected = expected ? rows.find((r) => filled(r).every((c) => c.value === expected)) : undefined;
  const byLabel = rows.find((r) => NEW_RE.test(r.label) && !DIFF_RE.test(r.label));
  // Old, new and difference in one column: the new value is the one the difference leads to.
  const column = rows.map((r) => r.cells.find((c) => c !== null) ?? null);
  const lead = column.every((c) => c !== null) ? byDifference(column as Hit<string>[]) : null;
  const byDiff = lead ? rows[column.indexOf(lead)] : undefined;
  const plain = rows.filter((r) => !OLD_RE.test(r.label) && !DIFF_RE.test(r.label));
  const pick = byExpected ?? byLabel ?? byDiff ?? (plain.length === 1 ? plain[0] : undefined) ?? rows[0]!;
  return [pick];
}

/** Among old and new amounts on a row, the one under a "neu" header, else the first. */
function newest(ix: PageIndex, xs: Hit<string>[]): Hit<string> {
  if (xs.length > 1) {
    const header = columnHeader(ix, xs[0]!.row);
    const under = header
      ? xs.find((x) => xOverlap(spanRect(ix, x.start, x.end), header.neu) > 0.3)
      : undefined;
    if (under) return under;
    const diff = byDifference(xs);
    if (diff) return diff;
  }
  return xs[0]!;
}

/** "vierteljährlich", "je Quartal", "zu je einem Viertel", "zu den gesetzlichen Fälligkeitsterminen". */
const QUARTERLY_RE =
  /vierteljährlich\p{L}*|viertelj\.|quartalsweise|Viertel(?:jahres|jahrs)\p{L}+|Quartals(?:betrag|beträge|rate|raten|vorauszahlung\p{L}*|soll)|(?:je|pro)\s+(?:Quartal|Vierteljahr)|zu\s+je\s+einem\s+Viertel|zu\s+gleichen\s+Teilen|gesetzlichen\s+Fälligkeits(?:terminen|tagen)|\bab\s+(?:dem\s+)?(?:IV|I{1,3}|[1-4])\.\s?(?:Quartal|Vierteljahr)/giu;
const TOTAL_RE = /insgesamt|(?<!viertel)jährlich|(?<!viertel)Jahresbetrag|zusammen|Gesamtbetrag|im\s+Jahr/iu;
const START_RE = new RegExp(
  String.raw`\bab\s+(?:dem\s+|(?:dem\s+)?Jahr\s+)?(?:(?<date>${DATE_SOURCE})|(?<q>IV|I{1,3}|[1-4])\s?\.\s?(?:Quartal|Vierteljahr|Vj\.)(?:\s+(?<qy>20\d{2}))?|(?<sq>IV|I{1,3}|[1-4])\s?\/\s?(?<sqy>20\d{2})(?!\d)|(?<y>20\d{2})(?![\d.,]))`,
  'giu',
);

/** One sentence that sets every instalment at once (an amount per quarter, or a yearly total). */
function readSentence(ix: PageIndex, from: number, end: number, expected: string | null): Entry[] | null {
  QUARTERLY_RE.lastIndex = from;
  for (let m = QUARTERLY_RE.exec(ix.flat); m && m.index < end; m = QUARTERLY_RE.exec(ix.flat)) {
    // A sentence does not run through a table's cells (column breaks in the text).
    const tabBefore = ix.text.lastIndexOf('\t', m.index);
    const tabAfter = ix.text.indexOf('\t', m.index);
    const afterTable = tabBefore < 0 ? 0 : ix.text.indexOf('\n', tabBefore) + 1;
    const beforeTable = tabAfter < 0 ? end : ix.text.lastIndexOf('\n', tabAfter);
    const lo = Math.max(from, afterTable, sentenceStart(ix.flat, m.index));
    const hi = Math.min(end, beforeTable, sentenceEnd(ix.flat, m.index + m[0].length));
    if (hi <= m.index) continue;
    const text = ix.flat.slice(lo, hi);
    // The start nearest before the quarterly word ("Vorauszahlungen ab 2023 … ab dem 15.11.2023
    // vierteljährlich"), else the first after it.
    const starts = [...text.matchAll(START_RE)];
    const at = m.index - lo;
    const start = starts.filter((x) => x.index < at).pop() ?? starts.find((x) => x.index >= at);
    let q0 = 1;
    let year: number | null = null;
    if (start?.groups?.date) {
      // "ab dem 15.11.2023", "ab 01.07.2025": the quarters due on or after that day.
      const d = parseDate(start.groups.date);
      const [y = 0, mo = 0, dd = 0] = (d ?? '').split('-').map(Number);
      q0 = QUARTER_OF_MONTH[mo] ?? DUE_MONTH.findIndex((m) => m > mo || (m === mo && dd <= 20)) + 1;
      year = y || null;
    } else if (start?.groups?.q) {
      q0 = quarterOf(start.groups.q);
      year = start.groups.qy ? Number(start.groups.qy) : null;
    } else if (start?.groups?.sq) {
      q0 = quarterOf(start.groups.sq);
      year = Number(start.groups.sqy);
    } else if (start?.groups?.y) year = Number(start.groups.y);
    // "ab dem 4. Quartal" without a year, a yearly total "für 2025": the nearest year before.
    if (!start?.groups?.date && !start?.groups?.q && !start?.groups?.sq) {
      const ordinal = /(?<![\d.,])([1-4])\.\s?(?:Quartal|Vierteljahr)/iu.exec(text);
      if (ordinal) q0 = Number(ordinal[1]);
    }
    year ??= yearBefore(ix, Math.max(from - 200, 0), hi);
    if (!year || !q0) continue;
    const n = 5 - q0;
    const xs = money(ix, lo, hi).filter(instalment(expected));
    if (xs.length === 0) continue;
    const per = (x: Hit<string>) => {
      const total = TOTAL_RE.test(ix.flat.slice(Math.max(lo, x.start - 40), x.start));
      const c = toCents(x.value);
      if (!total) return c;
      return c % BigInt(n) === 0n ? c / BigInt(n) : null;
    };
    const exp = expected ? toCents(expected) : null;
    // Not an old amount or a difference ("bisher vierteljährlich …", "Nachzahlung …").
    const roles = new Map(xs.map((a) => [a, roleOf(ix, lo, a)] as const));
    const live = xs.filter((a) => roles.get(a) !== 'old' && roles.get(a) !== 'diff');
    if (live.length === 0) continue;
    // The amount the arithmetic expects, else a new one, else the first after the quarterly word,
    // else the last before it.
    const after = live.find((a) => a.start >= m!.index);
    const x =
      (exp !== null ? live.find((a) => per(a) === exp) : undefined) ??
      live.find((a) => roles.get(a) === 'new') ??
      after ??
      live[live.length - 1]!;
    const c = per(x);
    if (c === null || (c < MIN_CENTS && c !== exp)) continue;
    const betrag = `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
    // The next sentence naming the due dates ("Sie sind zu entrichten am 16. August und am
    // 15. November") sets those quarters only, on the days it prints.
    const printed = printedDueDates(ix, hi, end, year, q0);
    const entries: Entry[] = [];
    for (let q = q0; q <= 4; q++) {
      if (printed && !printed.has(q)) continue;
      const d = printed?.get(q);
      entries.push({
        jahr: year,
        quartal: q,
        betrag,
        faellig_am: d?.value ?? iso(year, q),
        spans: d ? [x, d] : [x],
        printed: !!d,
      });
    }
    return entries;
  }
  return null;
}

const OTHER_PAYMENT_RE =
  /Abschlusszahlung|Nachzahlung|Mehrbetrag|Restbetrag|Rückstand|Zinsen|Säumnis\p{L}*|Erstattung|Guthaben/iu;

/**
 * The due dates of the sentence after `at` — quarterly due days of `year` from quarter `q0` on,
 * in a sentence with no amount of its own and no start ("ab", "erstmals", "nächste") — by quarter.
 */
function printedDueDates(
  ix: PageIndex,
  at: number,
  end: number,
  year: number,
  q0: number,
): Map<number, Hit<string>> | null {
  const hi = Math.min(end, sentenceEnd(ix.flat, at));
  if (hi <= at || money(ix, at, hi).some(big)) return null;
  // Another payment's due date (the settlement, interest, a surcharge), not the instalments'.
  if (OTHER_PAYMENT_RE.test(ix.flat.slice(at, hi))) return null;
  if (
    /(?<![\p{L}])(?:ab|erstmal\p{L}*|beginn\p{L}*|nächst\p{L}*|erste[nrms]?)(?![\p{L}])/iu.test(
      ix.flat.slice(at, hi),
    )
  )
    return null;
  const out = new Map<number, Hit<string>>();
  for (const d of hits(ix, DATE_SOURCE, parseDate, at, hi)) {
    const q = dueQuarter(d.value);
    if (Number(d.value.slice(0, 4)) !== year || !q || q < q0) return null;
    out.set(q, d);
  }
  return out.size ? out : null;
}

/**
 * One sentence naming the due dates and one instalment for all of them: "… betragen je 1.234,00 €
 * am 15.02., 15.05., 15.08. und 15.11.2025", "am 15. Mai und 15. August 2025 jeweils 800,00 €".
 */
function readList(ix: PageIndex, from: number, end: number, expected: string | null): Entry[] | null {
  const slots: { q: number; year: number | null; start: number; end: number }[] = [
    ...markers(ix, from, end),
    ...hits(ix, DATE_SOURCE, parseDate, from, end).flatMap((d) => {
      const q = dueQuarter(d.value);
      return q ? [{ q, year: Number(d.value.slice(0, 4)), start: d.start, end: d.end }] : [];
    }),
  ].sort((a, b) => a.start - b.start);
  const done = new Set<number>();
  for (const first of slots) {
    if (done.has(first.start)) continue;
    const lo = Math.max(from, sentenceStart(ix.flat, first.start));
    const hi = Math.min(end, sentenceEnd(ix.flat, first.end));
    const inside = slots.filter((x) => x.start >= lo && x.end <= hi);
    for (const x of inside) done.add(x.start);
    if (new Set(inside.map((x) => x.q)).size < 2) continue;
    // A list runs through the text, not through a table's cells.
    if (ix.text.slice(lo, hi).includes('	')) continue;
    const xs = money(ix, lo, hi)
      .filter(instalment(expected))
      .filter((a) => {
        const role = roleOf(ix, lo, a);
        return role !== 'old' && role !== 'diff';
      });
    const n = new Set(inside.map((x) => x.q)).size;
    const per = (a: Hit<string>) => {
      const c = toCents(a.value);
      if (!TOTAL_RE.test(ix.flat.slice(Math.max(lo, a.start - 40), a.start))) return c;
      return c % BigInt(n) === 0n ? c / BigInt(n) : null;
    };
    const exp = expected ? toCents(expected) : null;
    const values = [
      ...new Set(xs.map(per).filter((c): c is bigint => c !== null && (c >= MIN_CENTS || c === exp))),
    ];
    const c = exp !== null && values.includes(exp) ? exp : values.length === 1 ? values[0]! : null;
    if (c === null) continue;
    const x = xs.find((a) => per(a) === c)!;
    const sentenceYear =
      inside.find((s) => s.year !== null)?.year ?? yearBefore(ix, Math.max(from - 200, 0), first.start);
    if (!sentenceYear) continue;
    const betrag = `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
    return tidy(
      inside.map((s) => {
        const jahr = s.year ?? sentenceYear;
        const printed = hits(ix, DATE_SOURCE, parseDate, s.start, s.end)[0];
        return {
          jahr,
          quartal: s.q,
          betrag,
          faellig_am: printed && printed.start === s.start ? printed.value : iso(jahr, s.q),
          spans: [s, x],
          printed: !!printed && printed.start === s.start,
        };
      }),
    );
  }
  return null;
}

/** A sentence ends at ". " / ": " / "; " before a capital letter that is not an abbreviation or a date. */
function sentenceStart(flat: string, pos: number): number {
  const re = /(?<![\d\s][\d]|\b\p{L}{1,3})[.!?]\s+(?=\p{Lu})/gu;
  let last = Math.max(0, pos - 300);
  re.lastIndex = last;
  for (let m = re.exec(flat); m && m.index < pos; m = re.exec(flat)) last = m.index + m[0].length;
  return last;
}
function sentenceEnd(flat: string, pos: number): number {
  const re = /(?<![\d\s][\d]|\b\p{L}{1,3})[.!?](?:\s+(?=\p{Lu})|$)/gu;
  re.lastIndex = pos;
  const m = re.exec(flat);
  return m ? Math.min(m.index + 1, pos + 300) : Math.min(flat.length, pos + 300);
}

const round = (n: number) => Math.round(n * 100) / 100;
