import {
  bundeslandFromAgs,
  computeBekanntgabe,
  formatIsoDate,
  monatsfrist,
  parseIsoDate,
} from '@gewst/domain';
import { overlapRatio, xOverlap } from './layout.js';
import { agsOfName, resolveSender, senderFields } from './municipality.js';
import {
  DATE_SOURCE,
  MONEY_SOURCE,
  PERCENT_SOURCE,
  BARE_RATE_SOURCE,
  parseBareRate,
  parseDate,
  parseMoney,
  parsePercent,
} from './normalize.js';
import { applyHint, best, type Candidate, findCandidates, normalizeValue, VALUE_SOURCE } from './search.js';
import { SPECS, TYPE_FIELDS, WEEKDAY_NAME } from './specs.js';
import {
  type Solution,
  type SolverCheck,
  solveArrears,
  solveAssessment,
  solveInterest,
  solveMessbescheid,
  parseWholeEuro,
  WHOLE_EURO_SOURCE,
  withTableContext,
} from './solver.js';
import { dueDateIn, findVorauszahlungen } from './schedule.js';
import { findGemeinde, findZerlegungsanteile } from './tables.js';
import { indexPage, type PageIndex, rowOf, spanConfidence, spanRect } from './textindex.js';
import type { DocumentType, ExtractedField, Fields, Hints, MunicipalityResolver, Page } from './types.js';

export interface ExtractOptions {
  /** Layout hints: where each field was on earlier notices of the same sender. */
  hints?: Hints;
  /** Resolves a printed municipality name to its AGS (reference data live in the server). */
  resolveMunicipality?: MunicipalityResolver;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Extracts the canonical fields of `type` from the pages (text layer or OCR words). */
export function extractFields(
  type: DocumentType,
  pages: readonly Page[],
  options: ExtractOptions = {},
): Fields {
  return extractFieldsChecked(type, pages, options).fields;
}

export interface FieldsResult {
  fields: Fields;
  /** Where the printed figures contradict the tax arithmetic (German messages). */
  checks: SolverCheck[];
}

const ASSESSMENT = [
  'messbetrag',
  'hebesatz',
  'festgesetzte_steuer',
  'bisher_festgesetzt',
  'abrechnung',
] as const;
const MESS = ['gewerbeertrag', 'freibetrag', 'messbetrag'] as const;
const INTEREST = ['zinsen_von', 'zinsen_bis', 'zinsen'] as const;
const ARREARS = ['rueckstand', 'saeumniszuschlag'] as const;

/** Fields and the arithmetic checks: candidates per field, chosen together by the consistency solver. */
export function extractFieldsChecked(
  type: DocumentType,
  pages: readonly Page[],
  options: ExtractOptions = {},
): FieldsResult {
  const indexes = pages.map(indexPage);
  const fields: Fields = {};
  const hints = options.hints ?? {};
  const names = TYPE_FIELDS[type];
  const solved = new Set<string>();
  const checks: SolverCheck[] = [];
  const group =
    names.includes('festgesetzte_steuer') || names.includes('hebesatz')
      ? ASSESSMENT
      : names.includes('gewerbeertrag')
        ? MESS
        : null;
  if (group) {
    let labelled: Partial<Record<string, Candidate[]>> = {};
    for (const n of group) if (names.includes(n)) labelled[n] = scalarCandidates(n, indexes, hints);
    const amounts = allAmounts(indexes);
    const percents = allOf(indexes, PERCENT_SOURCE, parsePercent);
    // Tables with old / new / difference columns (or rows): the version decides the field.
    labelled = withTableContext(labelled, indexes, amounts, percents);
    const sol =
      group === MESS
        ? solveMessbescheid(labelled, amounts)
        : solveAssessment(
            labelled,
            amounts,
            names,
            percents,
            allOf(indexes, BARE_RATE_SOURCE, parseBareRate),
          );
    for (const n of group) {
      if (!names.includes(n)) continue;
      solved.add(n);
      const c = sol.chosen[n];
      if (!c) continue;
      const f = toField(c);
      if (sol.confirmed.has(n))
        f.confidence = round(Math.max(f.confidence, Math.min(0.99, 0.97 * c.confidence)));
      else if (sol.checks.some((k) => k.fields.includes(n))) f.confidence = round(f.confidence * 0.5);
      fields[n] = f;
    }
    checks.push(...sol.checks);
  }
  // Interest and arrears are chosen together by their arithmetic once the year and the date are known.
  for (const n of [...INTEREST, ...ARREARS]) if (names.includes(n)) solved.add(n);
  for (const name of names) {
    if (solved.has(name)) continue;
    let f: ExtractedField | null;
    // The schedule after the sender is known (a due date moves past the state's holidays).
    if (name === 'vorauszahlungen') continue;
    else if (name === 'zerlegungsanteile')
      f = findZerlegungsanteile(indexes, (n) => options.resolveMunicipality?.(n) ?? agsOfName(n));
    else if (name === 'gemeinde') f = findGemeinde(indexes);
    // The due date after the sender is known (a deadline moves past the state's holidays).
    else if (name === 'faellig_am') continue;
    else if (name === 'erhebungszeitraum') f = taxYear(indexes, hints, type);
    else if (name === 'bescheid_datum') f = noticeDate(indexes, hints);
    else f = scalarField(name, indexes, hints);
    if (f) fields[name] = f;
  }
  const chosenTogether = (sol: Solution) => {
    for (const [n, c] of Object.entries(sol.chosen)) {
      if (!c || !names.includes(n)) continue;
      const f = toField(c);
      if (sol.confirmed.has(n))
        f.confidence = round(Math.max(f.confidence, Math.min(0.99, 0.97 * c.confidence)));
      else if (sol.checks.some((k) => k.fields.includes(n))) f.confidence = round(f.confidence * 0.5);
      fields[n] = f;
    }
    checks.push(...sol.checks);
  };
  if (names.includes('rueckstand')) {
    const labelled: Record<string, Candidate[]> = {};
    for (const n of ARREARS) labelled[n] = scalarCandidates(n, indexes, hints);
    chosenTogether(solveArrears(labelled, allAmounts(indexes)));
  }
  // A letter of a type without the AGS (`sonstiges`) still names its municipality: resolved from
  // the letterhead's address like any municipal notice, unless a Finanzamt sent it.
  const municipalLetter = names.includes('ags') || (names.includes('gemeinde') && !fromFinanzamt(indexes[0]));
  if (municipalLetter) {
    // The issuing municipality from the shipped reference data: printed AGS, letterhead name,
    // postcodes and the sender's address (DOMAIN.md: resolved via the reference data).
    const printedAgs = typeof fields.ags?.value === 'string' ? fields.ags.value : null;
    const printedName = typeof fields.gemeinde?.value === 'string' ? fields.gemeinde.value : null;
    // A resolver of the caller (the server's current reference data) goes first.
    const fromCaller = !printedAgs && printedName ? options.resolveMunicipality?.(printedName) : null;
    const printedRate = typeof fields.hebesatz?.value === 'number' ? fields.hebesatz.value : null;
    const resolved = fromCaller ? null : resolveSender(indexes[0], printedName, printedAgs, printedRate);
    if (fromCaller && fields.gemeinde) {
      fields.ags = {
        ...fields.gemeinde,
        value: fromCaller,
        confidence: round(fields.gemeinde.confidence * 0.9),
      };
    } else if (resolved) {
      const found = senderFields(indexes[0], resolved, fields.gemeinde);
      if (!fields.ags || fields.ags.value !== resolved.entry.ags) fields.ags = found.ags;
      if (found.gemeinde) fields.gemeinde = found.gemeinde;
    }
    if (!names.includes('ags')) delete fields.ags;
  }
  // Interest after the sender is known: the Zinslauf ends on the Bekanntgabe, a working day of
  // the municipality's state.
  if (names.includes('zinsen')) {
    const labelled: Record<string, Candidate[]> = {};
    for (const n of INTEREST) labelled[n] = scalarCandidates(n, indexes, hints);
    const year = typeof fields.erhebungszeitraum?.value === 'number' ? fields.erhebungszeitraum.value : null;
    const noticeDate = typeof fields.bescheid_datum?.value === 'string' ? fields.bescheid_datum.value : null;
    const sol = solveInterest(labelled, allAmounts(indexes), allOf(indexes, DATE_SOURCE, parseDate), {
      year,
      noticeDate,
      months: printedMonths(indexes),
      required: type === 'zinsbescheid',
      bekanntgabe: bekanntgabeOf(fields),
    });
    chosenTogether(sol);
    // No year printed as such (a file reference "GewSt 2019/77" only): the Zinslauf of § 233a
    // AO starts on 1 April of the second year after the tax year, so a start on 1 April names it.
    const start = fields.zinsen_von?.value;
    if (
      !fields.erhebungszeitraum &&
      typeof start === 'string' &&
      start.endsWith('-04-01') &&
      fields.zinsen_von
    )
      fields.erhebungszeitraum = {
        ...fields.zinsen_von,
        value: Number(start.slice(0, 4)) - 2,
        confidence: round(Math.min(0.6, fields.zinsen_von.confidence * 0.6)),
      };
  }
  if (names.includes('vorauszahlungen')) {
    const ags = typeof fields.ags?.value === 'string' ? fields.ags.value : null;
    const f = findVorauszahlungen(indexes, expectedQuarter(fields), dueDateIn(ags));
    if (f) fields.vorauszahlungen = f;
  }
  if (names.includes('faellig_am')) {
    const ags = typeof fields.ags?.value === 'string' ? fields.ags.value : null;
    const f = dueDate(indexes, hints, fields, ags);
    if (f) fields.faellig_am = f;
  }
  return { fields, checks };
}

/**
 * The day the notice takes effect, computed from its date (DOMAIN.md § 3: the 3rd day after
 * posting, from 2025 the 4th, moved to the next working day of the municipality's state), at
 * the notice date's place: a stand-in for the end of the Zinslauf.
 */
function bekanntgabeOf(fields: Fields): Candidate | null {
  const f = fields.bescheid_datum;
  if (!f || typeof f.value !== 'string') return null;
  const ags = typeof fields.ags?.value === 'string' ? fields.ags.value : null;
  const state = (ags ? bundeslandFromAgs(ags) : null) ?? 'Nordrhein-Westfalen';
  try {
    const value = computeBekanntgabe(f.value, state, { ags });
    return { value, score: 0, confidence: f.confidence * 0.8, page: f.page, rect: f.rect, pos: 0 };
  } catch {
    return null;
  }
}

/** A letterhead (top quarter of page 1) of a tax office. */
function fromFinanzamt(ix: PageIndex | undefined): boolean {
  if (!ix) return false;
  return ix.rows.some(
    (r) => r.rect[1] < ix.page.height * 0.25 && /Finanzamt|Finanzämter/u.test(ix.text.slice(r.start, r.end)),
  );
}

/** The quarterly prepayment the assessment implies: floor(annual tax / 4) in full euros. */
function expectedQuarter(fields: Fields): string | null {
  const cents = (f?: ExtractedField) =>
    f && typeof f.value === 'string' ? Math.round(Number(f.value) * 100) : null;
  let annual = cents(fields.festgesetzte_steuer);
  const mb = cents(fields.messbetrag);
  const hs = typeof fields.hebesatz?.value === 'number' ? fields.hebesatz.value : null;
  if (annual === null && mb !== null && hs !== null) annual = Math.round((mb * hs) / 100);
  // No tax at all (a Messbetrag of 0): the prepayments are set to nothing.
  if (annual === 0) return '0.00';
  if (annual === null || annual <= 0) return null;
  const q = Math.floor(annual / 400);
  return q >= 50 ? `${q}.00` : null;
}

/** Month counts printed for an interest period ("27 volle Monate", "Anzahl voller Monate: 27"). */
function printedMonths(indexes: PageIndex[]): number[] {
  const out = new Set<number>();
  for (const ix of indexes) {
    for (const m of ix.flat.matchAll(
      /(?<![\d.,])(\d{1,3})\s+(?:volle[n]?\s+)?(?:Zins)?monate?(?![\p{L}])/giu,
    ))
      out.add(Number(m[1]));
    for (const m of ix.flat.matchAll(/(?:volle[rn]?\s+|Zins)monate?[^\d\n]{0,12}?(\d{1,3})(?![\d.,])/giu))
      out.add(Number(m[1]));
  }
  return [...out].filter((n) => n > 0 && n < 400);
}

/**
 * The due date of the notice's amount: labelled or asked for in a sentence; never a date of the
 * prepayment schedule, never on or before the notice's own date. Without either, a date within
 * two months after the notice stands in with a low score.
 */
function dueDate(
  indexes: PageIndex[],
  hints: Hints,
  fields: Fields,
  ags: string | null,
): ExtractedField | null {
  const noticeDate = typeof fields.bescheid_datum?.value === 'string' ? fields.bescheid_datum.value : null;
  const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 864e5;
  const ixOf = (page: number) => indexes.find((i) => i.page.page === page);
  // One end of a period ("vom 01.04.2023 bis zum 15.03.2024", "01.04. – 30.06.2024") is no due date.
  let cands = scalarCandidates('faellig_am', indexes, hints, fields.vorauszahlungen).filter((c) => {
    const ix = ixOf(c.page);
    return !ix || !inPeriod(ix, dateStart(ix, c));
  });
  if (noticeDate) {
    const d0 = day(noticeDate);
    cands = cands.filter((c) => typeof c.value !== 'string' || day(c.value) > d0);
    const clause = cands.length === 0 ? monthAfterBekanntgabe(indexes) : null;
    if (clause) {
      // "… innerhalb eines Monats nach Bekanntgabe zu zahlen" without the date: DOMAIN.md § 3 —
      // Bekanntgabe on the 3rd (from 2025 the 4th) day after the notice's date, one month after
      // it, each moved to the next working day of the municipality's state.
      const state = (ags ? bundeslandFromAgs(ags) : null) ?? 'Nordrhein-Westfalen';
      try {
        const bek = parseIsoDate(computeBekanntgabe(noticeDate, state, { ags }));
        const value = formatIsoDate(monatsfrist(bek, state, { ags }));
        // Below a printed date soon after the notice (0.25): the computation only stands in.
        cands.push({ ...clause, value, score: 0.2, confidence: clause.confidence * 0.8 });
      } catch {
        // an invalid notice date: no due date from it
      }
    }
    if (cands.every((c) => c.score <= 0.2)) {
      const schedule = fields.vorauszahlungen;
      for (const c of allOf(indexes, DATE_SOURCE, parseDate)) {
        if (typeof c.value !== 'string') continue;
        const dd = day(c.value) - d0;
        if (dd < 8 || dd > 60) continue;
        if (schedule && c.page === schedule.page && overlapRatio(c.rect, schedule.rect) > 0.5) continue;
        // A stand-in must not have a role other than payment (a period's start or end, an
        // interest run's start, a received letter); words of payment ("fällig", "bis") are fine.
        const ix = ixOf(c.page);
        if (
          ix &&
          (NOT_PAYMENT_DATE.test(ix.flat.slice(Math.max(0, c.pos - 60), c.pos)) || inPeriod(ix, c.pos))
        )
          continue;
        cands.push({ ...c, score: 0.25 });
      }
    }
  }
  const b = best(cands);
  return b ? toField(b) : null;
}

/**
 * A sentence that makes the amount due one month after the notice is received ("… ist innerhalb
 * eines Monats nach Bekanntgabe dieses Bescheides zu zahlen") — not the appeal deadline of the
 * Rechtsbehelfsbelehrung, which uses the same words.
 */
function monthAfterBekanntgabe(indexes: PageIndex[]): Candidate | null {
  const re = /(?:einen?|eines|1)\s+Monats?\s+nach\s+(?:der\s+|dessen\s+|seiner\s+|ihrer\s+)?Bekanntgabe/giu;
  for (const ix of indexes)
    for (const m of ix.flat.matchAll(re)) {
      const at = m.index ?? 0;
      const lo = Math.max(0, ix.flat.lastIndexOf('. ', at) + 1);
      const hiDot = ix.flat.indexOf('. ', at);
      const sentence = ix.flat.slice(lo, hiDot < 0 ? at + 200 : hiDot);
      if (!/zahl|fällig|entricht|überweis|begleich|leisten/iu.test(sentence)) continue;
      if (/widerspruch|einspruch|klage|rechtsbehelf|antrag/iu.test(sentence)) continue;
      const end = at + m[0].length;
      return {
        value: '',
        score: 0,
        confidence: spanConfidence(ix, at, end),
        page: ix.page.page,
        rect: spanRect(ix, at, end),
        pos: at,
      };
    }
  return null;
}

/**
 * Words right before a date that give it another role in the letter than the notice's own date:
 * received ("Eingang", "eingegangen"), the letter or declaration answered ("Ihr Schreiben vom",
 * "Erklärung vom"), an earlier notice ("ändert den Bescheid vom"), a balance ("Buchungsstand"),
 * a period ("Zinslauf", "vom … bis"), a due date ("fällig", "zahlbar bis").
 */
/** A weekday printed before a date ("vom Samstag, 5. Dezember 2020"): the role's words stand before it. */
const WEEKDAY_BEFORE = String.raw`(?:${WEEKDAY_NAME}\.?,?\s*)?`;
const OTHER_DATE_ROLE = new RegExp(
  String.raw`(?<![\p{L}])(?:\p{L}*eingang\p{L}*|eingegangen|eingereicht|\p{L}*schreiben|\p{L}*nachricht|\p{L}*erklärung|antrag|anfrage|mitteilung|\p{L}+stand|\p{L}*zeitraum|zinslauf|beginn|ende|endet|beginnt|fällig\p{L}*|zahlbar|zu\s+zahlen|frist|seit|ab|bis(?:\s+zum)?|bis\s+spätestens|spätestens|vom\s+\S+\s+bis|(?:den|dem|des|der|unseren?|unserem|ihren?|ihrem|einem|bisherigen?|geänderten?|ursprünglichen?|letzten?|vorläufigen?|mit|durch|per|laut|lt\.|gemäß|nach|im|zum)\s+\p{L}*bescheid(?:e?s)?(?:\s+\p{L}+)?\s+vom)(?:\s*(?:vom|am|zum))?\s*:?\s*${WEEKDAY_BEFORE}$`,
  'iu',
);
/**
 * Words before a date that make it the date of an earlier document: a letter or declaration
 * answered ("Ihre Nachricht vom", "Erklärung vom"), an earlier notice ("ändert den Bescheid vom").
 * Such a date is earlier than the notice's own wherever else it is printed.
 */
const EARLIER_DOCUMENT = new RegExp(
  String.raw`(?<![\p{L}])(?:\p{L}*schreiben|\p{L}*nachricht|\p{L}*erklärung|antrag|anfrage|(?:den|dem|des|der|unseren?|unserem|ihren?|ihrem|einem|bisherigen?|geänderten?|ursprünglichen?|letzten?|vorläufigen?|mit|durch|per|laut|lt\.|gemäß|nach|zum)\s+\p{L}*bescheid(?:e?s)?(?:\s+\p{L}+)?)\s+vom\s*:?\s*${WEEKDAY_BEFORE}$`,
  'iu',
);
/** Words before a date that name a notice ("Bescheid vom", "des Bescheides vom Montag, …"). */
const NAMES_A_NOTICE = new RegExp(String.raw`bescheid(?:e?s)?\s+vom\s*:?\s*${WEEKDAY_BEFORE}$`, 'iu');

/** A notice date stated where the letter was made: "erstellt am …", "am … maschinell erstellt". */
const CREATED_BEFORE =
  /(?<![\p{L}])(?:erstellt|ausgefertigt|gefertigt|erlassen|gedruckt|Druckdatum|Erstellungsdatum)\s*(?:am|:)?\s*$/iu;
const CREATED_AFTER =
  /^\s*(?:\p{L}+\s+){0,2}(?:erstellt|ausgefertigt|gefertigt|erlassen|gedruckt)(?![\p{L}])/iu;

/** The role check needs the date itself: a candidate's span may start at its label. */
function dateStart(ix: PageIndex, c: Candidate): number {
  const re = new RegExp(DATE_SOURCE, 'giu');
  re.lastIndex = c.pos;
  const m = re.exec(ix.flat);
  return m && m.index - c.pos < 80 ? m.index : c.pos;
}
const RANGE_BEFORE = new RegExp(String.raw`(?:${DATE_SOURCE})\s*[-–—]\s*$`, 'iu');
const RANGE_AFTER = new RegExp(
  String.raw`^(?:${DATE_SOURCE})\s*(?:[-–—]|bis\b)\s*(?:zum\s+)?(?:${DATE_SOURCE})`,
  'iu',
);
/** Words before a date that give it a role other than a payment's (for the due date's stand-in). */
const NOT_PAYMENT_DATE = new RegExp(
  String.raw`(?<![\p{L}])(?:zinslauf\p{L}*|verzinsung|beginn|beginnt|ende|endet|\p{L}*zeitraum|\p{L}*eingang\p{L}*|eingegangen|\p{L}*schreiben|\p{L}*erklärung|\p{L}+stand|\p{L}*bescheid(?:e?s)?\s+vom|seit)(?:\s*(?:vom|am|ab|zum))?\s*:?\s*$`,
  'iu',
);
const PERIOD_BEFORE = new RegExp(
  String.raw`(?:vom|von|ab|zwischen)\s+(?:dem\s+)?(?:${DATE_SOURCE})\s*(?:bis(?:\s+(?:zum|einschließlich|einschl\.))?|[-–—]|und(?:\s+dem)?)\s*$`,
  'iu',
);
/** A date that begins or ends a period ("vom … bis zum …", "01.04.2023 – 15.03.2024"). */
const inPeriod = (ix: PageIndex, at: number) =>
  PERIOD_BEFORE.test(ix.flat.slice(Math.max(0, at - 50), at)) ||
  RANGE_BEFORE.test(ix.flat.slice(Math.max(0, at - 30), at)) ||
  RANGE_AFTER.test(ix.flat.slice(at, at + 60));

/**
 * A date with another role: claimed by the words before it (OTHER_DATE_ROLE), one end of a
 * period ("01.01.2023 – 31.12.2023"), or one of a column of dates (a ledger, a payment plan).
 */
const otherRole = (ix: PageIndex, at: number) =>
  // Leader dots between a label and its date ("Fälligkeit .......: 15.02.21") do not count.
  OTHER_DATE_ROLE.test(ix.flat.slice(Math.max(0, at - 90), at).replace(/\s*[.…_·]{3,}(?=\s*:?\s*$)/u, '')) ||
  RANGE_BEFORE.test(ix.flat.slice(Math.max(0, at - 30), at)) ||
  RANGE_AFTER.test(ix.flat.slice(at, at + 60)) ||
  inDateColumn(ix, at);

/**
 * A date that begins its row, with another date beginning the row right above or below it in
 * the same column: an entry of a ledger or a payment plan, not the letter's date.
 */
function inDateColumn(ix: PageIndex, at: number): boolean {
  const r = rowOf(ix, at);
  if (ix.rows[r]?.start !== at) return false;
  const rect = spanRect(ix, at, at + 6);
  const re = new RegExp(`^(?:${DATE_SOURCE})`, 'iu');
  for (const rr of [r - 1, r + 1]) {
    const row = ix.rows[rr];
    const m = row ? re.exec(ix.text.slice(row.start, row.end)) : null;
    if (row && m && xOverlap(spanRect(ix, row.start, row.start + m[0].length), rect) > 0.3) return true;
  }
  return false;
}

/**
 * The notice date by its role in the letter: the header's date item ("Datum", "Bescheiddatum",
 * "Ausfertigungsdatum"), the place line ("Bonn, den …"), or "erstellt am …" wherever it stands.
 * A date that another role claims (OTHER_DATE_ROLE) is never the notice date. Without any, the
 * first date of the letterhead that no other role claims stands in ("Stand: …" alone is the
 * letter's date; "Buchungsstand", "Kontostand" are balances).
 */
function noticeDate(indexes: PageIndex[], hints: Hints): ExtractedField | null {
  const ixOf = (page: number) => indexes.find((i) => i.page.page === page);
  // Elimination: "Bescheid vom …" names a notice, not always this one. Its date is not the
  // notice's own when the letter names it elsewhere as an earlier document's ("Dieser Bescheid
  // ändert den Bescheid vom 14.12.2020 …" and then "Bisherige Festsetzung (Bescheid vom
  // 14.12.2020)"). A date under the letter's own date item stays, even when an earlier notice
  // has the same day.
  const dates = allOf(indexes, DATE_SOURCE, parseDate);
  const earlier = new Set(
    dates
      .filter((c) => {
        const ix = ixOf(c.page);
        return ix && EARLIER_DOCUMENT.test(ix.flat.slice(Math.max(0, c.pos - 60), c.pos));
      })
      .map((c) => String(c.value)),
  );
  const cands = scalarCandidates('bescheid_datum', indexes, hints).filter((c) => {
    const ix = ixOf(c.page);
    if (!ix) return true;
    const at = dateStart(ix, c);
    const namesANotice = NAMES_A_NOTICE.test(ix.flat.slice(Math.max(0, at - 30), at));
    return !otherRole(ix, at) && !(namesANotice && earlier.has(String(c.value)));
  });
  for (const c of dates) {
    const ix = ixOf(c.page);
    if (!ix) continue;
    const before = ix.flat.slice(Math.max(0, c.pos - 30), c.pos);
    const date = new RegExp(DATE_SOURCE, 'iu').exec(ix.flat.slice(c.pos))?.[0] ?? '';
    const after = ix.flat.slice(c.pos + date.length, c.pos + date.length + 40);
    if (CREATED_BEFORE.test(before) || CREATED_AFTER.test(after)) cands.push({ ...c, score: 1 });
  }
  if (cands.length === 0) {
    const top = indexes[0];
    const header = top
      ? allOf([top], DATE_SOURCE, parseDate).filter(
          (c) => c.rect[1] < top.page.height * 0.4 && !otherRole(top, c.pos),
        )
      : [];
    // the first such date in reading order: dates later than the notice's own are due dates,
    // period ends and deadlines, which letterheads print too
    const first = header.sort((a, b) => a.pos - b.pos)[0];
    if (first) cands.push({ ...first, score: 0.5 });
  }
  const b = best(cands);
  return b ? toField(b) : null;
}

/** Every amount printed on the notice, as candidates without a label (stand-ins for the solver). */
const allAmounts = (indexes: PageIndex[]) => {
  const out = allOf(indexes, MONEY_SOURCE, parseMoney);
  // Whole euros without cents (a unit before them, thousands points): stand-ins only.
  const at = new Set(out.map((c) => `${c.page}:${c.pos}`));
  for (const c of allOf(indexes, WHOLE_EURO_SOURCE, parseWholeEuro))
    if (!at.has(`${c.page}:${c.pos}`)) out.push(c);
  return out;
};

function allOf(
  indexes: PageIndex[],
  source: string,
  parse: (s: string) => string | number | null,
): Candidate[] {
  const out: Candidate[] = [];
  for (const ix of indexes) {
    for (const m of ix.flat.matchAll(new RegExp(source, 'giu'))) {
      const value = parse(m[0]);
      const start = m.index ?? 0;
      if (value === null) continue;
      out.push({
        value,
        score: 0,
        confidence: spanConfidence(ix, start, start + m[0].length),
        page: ix.page.page,
        rect: spanRect(ix, start, start + m[0].length),
        pos: start,
      });
    }
  }
  return out;
}

/**
 * The tax year. Outside a Vorauszahlungsbescheid, a year the prepayments are set for
 * ("Vorauszahlungen ab 2024", "für das Jahr 2024 werden folgende Vorauszahlungen festgesetzt")
 * is the next year's, not the year the notice assesses: it counts less.
 */
function taxYear(indexes: PageIndex[], hints: Hints, type: DocumentType): ExtractedField | null {
  const cands = scalarCandidates('erhebungszeitraum', indexes, hints);
  if (type !== 'vorauszahlungsbescheid')
    for (const c of cands) {
      const ix = indexes.find((i) => i.page.page === c.page);
      if (!ix) continue;
      // The candidate's span may start at its label or pattern: the year itself.
      const at = ix.flat.indexOf(String(c.value), c.pos);
      if (at < 0) continue;
      const before = ix.flat.slice(Math.max(0, at - 45), at);
      const after = ix.flat.slice(at, at + 70);
      if (
        /vorauszahlung\p{L}*\s+(?:(?:ab|für|für\s+das)\s+)?(?:(?:dem\s+)?(?:jahr|kalenderjahr)\s+)?$/iu.test(
          before,
        ) ||
        /^\d{4}\s+(?:werden|wird|sind|betragen)\s[^.]{0,40}vorauszahlung/iu.test(after) ||
        // The first year something applies from ("… wird ab dem Erhebungszeitraum 2021 auf …
        // festgesetzt", "ab dem Jahr 2021"): a later year than the one the notice assesses.
        /(?<![\p{L}])ab\s+(?:dem\s+)?(?:(?:erhebungszeitraum|veranlagungszeitraum|kalenderjahr|jahr|ez)\s+)?$/iu.test(
          before,
        )
      )
        c.score *= 0.7;
    }
  if (cands.length === 0) cands.push(...yearOfActs(indexes));
  const b = best(cands);
  return b ? toField(b) : null;
}

/**
 * A letter that names no tax year (a new bank account, a reminder of the next instalment) still
 * acts for one: a prepayment it names as due falls in its own year (§ 19 GewStG: 15 February,
 * May, August, November, moved to the next working day), and a change "ab dem 1. Januar 2022"
 * acts from that year. Low scores: only stand-ins when nothing names the year.
 */
function yearOfActs(indexes: PageIndex[]): Candidate[] {
  const out: Candidate[] = [];
  for (const c of allOf(indexes, DATE_SOURCE, parseDate)) {
    if (typeof c.value !== 'string') continue;
    const ix = indexes.find((i) => i.page.page === c.page);
    if (!ix) continue;
    const [y, m, d] = c.value.split('-').map(Number) as [number, number, number];
    const before = ix.flat.slice(Math.max(0, c.pos - 160), c.pos);
    const sentence = before.slice(Math.max(0, before.search(/[.!?]\s+(?=[^.!?]*$)/u) + 1));
    if ([2, 5, 8, 11].includes(m) && d >= 15 && d <= 17 && /vorauszahlung/iu.test(sentence))
      out.push({ ...c, value: y, score: 0.4 });
    else if (
      m === 1 &&
      d === 1 &&
      /(?:ab|mit\s+Wirkung\s+(?:vom|zum|ab)|beginnend\s+(?:mit|am))\s+(?:dem\s+)?$/iu.test(before)
    )
      out.push({ ...c, value: y, score: 0.45 });
  }
  return out;
}

function toField(b: Candidate): ExtractedField {
  const score = Math.min(1, Math.max(b.score, 0.3));
  return {
    value: b.value,
    confidence: round(Math.max(0.05, score * 0.95 * b.confidence)),
    page: b.page,
    rect: b.rect,
  };
}

function scalarField(
  name: string,
  indexes: PageIndex[],
  hints: Hints,
  exclude?: ExtractedField,
): ExtractedField | null {
  const b = best(scalarCandidates(name, indexes, hints, exclude));
  return b ? toField(b) : null;
}

/** Every candidate of a field with the score of its context (labels, patterns, layout hints). */
function scalarCandidates(
  name: string,
  indexes: PageIndex[],
  hints: Hints,
  exclude?: ExtractedField,
): Candidate[] {
  const spec = SPECS[name];
  if (!spec) return [];
  const cands: Candidate[] = [];
  for (const ix of indexes) {
    if (spec.maxPage && ix.page.page > spec.maxPage) continue;
    cands.push(...findCandidates(ix, spec));
  }
  // A due date inside the prepayment schedule is not the due date of the notice's amount.
  if (exclude) {
    const inside = (c: Candidate) => c.page === exclude.page && overlapRatio(c.rect, exclude.rect) > 0.5;
    cands.splice(0, cands.length, ...cands.filter((c) => !inside(c)));
  }
  const hint = hints[name];
  if (hint) {
    applyHint(cands, hint);
    const fromHint = hintCandidate(indexes, name, hint);
    if (fromHint) cands.push(fromHint);
  }
  return cands;
}

/** A value read straight from the hinted rectangle (slightly enlarged). */
function hintCandidate(
  indexes: PageIndex[],
  name: string,
  hint: { page: number; rect: [number, number, number, number] },
) {
  const spec = SPECS[name];
  const ix = indexes.find((i) => i.page.page === hint.page);
  if (!spec || !ix) return null;
  const [x, y, w, h] = hint.rect;
  const box: [number, number, number, number] = [x - 10, y - 4, w + 20, h + 8];
  const re = new RegExp(VALUE_SOURCE[spec.kind], 'giu');
  for (const m of ix.text.matchAll(re)) {
    const start = m.index ?? 0;
    const rect = spanRect(ix, start, start + m[0].length);
    if (overlapRatio(rect, box) < 0.6) continue;
    const value = normalizeValue(spec.kind, m[0]);
    if (value === null) continue;
    return {
      value,
      score: 0.75,
      confidence: spanConfidence(ix, start, start + m[0].length),
      page: ix.page.page,
      rect,
      pos: start,
    };
  }
  return null;
}
