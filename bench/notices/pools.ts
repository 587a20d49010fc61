/**
 * Pools the benchmark draws notices from: layout families (structure), letterheads, label
 * vocabularies, titles, sentence templates and number/date formats. Every pool has a
 * development part (`pools-dev.ts`) and a blind part (`pools-blind.ts`, at least a third of
 * every pool and whole layout families). A notice of a part draws every component from
 * that part's pools only. The blind part is measured in aggregate and never looked at per file.
 */
import type { Layout } from './layouts.js';
import type { NoticeData, NoticeType } from './notice.js';

/**
 * blind2, blind3, blind4: second, third and fourth blind parts by independent authors
 * (pools-blind2.ts; pools-blind3.ts and pools-blind4.ts with their own families and letter
 * builders, blind4 also with its own renderer), measured in aggregate only. blind5: a fifth
 * blind part by an independent author (pools-blind5.ts, own families, letter model and renderer).
 * blind6: a sixth blind part by another independent author (pools-blind6.ts, the same way).
 * blind7: a seventh blind part by another independent author (pools-blind7.ts, families F70–F76,
 * the same way).
 * blind8: an eighth blind part by another independent author (pools-blind8.ts, families F80–F87,
 * the same way).
 * dev3: a third development part by an independent author (pools-dev3.ts, own families E01–E08,
 * letter model and renderer).
 * dev4: a fourth development part by an independent author (pools-dev4.ts, own families G01–G08,
 * letter model and renderer).
 * dev5: a fifth development part by an independent author (pools-dev5.ts, own families H01–H08,
 * letter model and renderer).
 */
export type Part =
  | 'dev'
  | 'dev2'
  | 'dev3'
  | 'dev4'
  | 'dev5'
  | 'blind'
  | 'blind2'
  | 'blind3'
  | 'blind4'
  | 'blind5'
  | 'blind6'
  | 'blind7'
  | 'blind8';

/** Structure of a layout family: the renderer's settings plus how figures are set out. */
export interface Family extends Omit<Layout, 'money' | 'date' | 'pct' | 'variant' | 'amounts' | 'vz'> {
  /** Main figures of a Gewerbesteuerbescheid. */
  amounts:
    | 'kv'
    | 'text'
    | 'transposed'
    | 'festsetzung-abrechnung'
    | 'bisher-neu'
    | 'zeilen'
    | 'berechnung'
    | 'alt-neu';
  /** Prepayment schedule ('zahlungsplan': one list of all payments with their reason). */
  vz: 'table' | 'text' | 'rows' | 'bisher-neu' | 'matrix' | 'zahlungsplan';
  /** Messbescheid: the derivation of the Gewerbeertrag (profit, additions, reductions) first. */
  ermittlung?: boolean;
  /** Explanations before the figures so that tables run onto the next page. */
  longText?: boolean;
  /** Capital letters for labels (mainframe print). */
  caps?: boolean;
}

/** Formatted values and chosen labels that sentence templates use. */
export interface Ctx {
  n: NoticeData;
  ez: number;
  /** "Stadt" / "Gemeinde" / "Markt" … and the name. */
  kind: string;
  name: string;
  fa: string;
  m: (cents: number) => string;
  d: (iso: string) => string;
  p: (n: number) => string;
  L: Labels;
}
export type Tpl = (c: Ctx) => string;

export const LABEL_KEYS = [
  'kassenzeichen',
  'steuernummer',
  'ags',
  'datum',
  'messbetrag',
  'zerlegungsanteil',
  'hebesatz',
  'steuer',
  'bisher',
  'unterschied',
  'nachzahlung',
  'erstattung',
  'entrichtet',
  'faellig',
  'zinsen',
  'zinsVon',
  'zinsBis',
  'zinsBasis',
  'zinsMonate',
  'gewerbeertrag',
  'abgerundet',
  'freibetrag',
  'verbleibend',
  'messzahl',
  'rueckstand',
  'saeumnis',
  'mahngebuehr',
  'iban',
  'bic',
  'bank',
  'bankHeading',
  'vzHeading',
  'quartal',
  'betrag',
  'faelligkeitCol',
  'jahresbetrag',
  'gemeindeCol',
  'agsCol',
  'lohnCol',
  'anteilCol',
  'zinsHeading',
  'belehrungHeading',
] as const;
export type LabelKey = (typeof LABEL_KEYS)[number];
export type Labels = Record<LabelKey, string>;

export interface MoneyFormat {
  /** Unit after (or before) the amount; '' = none (the column header or text says EUR). */
  unit: '' | '€' | 'EUR' | 'Euro';
  before?: boolean;
  /** Thousands separator ('\u00a0': no-break space, as careful printers set "EUR 1 234,00"). */
  thousands: '.' | '' | ' ' | '\u00a0';
  /** Refunds printed as "-1,00" or "1,00-". */
  minus: 'lead' | 'trail';
  /** Whole euros as "1.234,--". */
  dashes?: boolean;
}
export type DateFormat =
  'dd.mm.yyyy' | 'd.m.yyyy' | 'dd.mm.yy' | 'long' | 'long-abbr' | 'd. mm. yyyy' | 'abbr4' | 'long-pad';
export type PctFormat = 'v. H.' | 'vom Hundert' | '%' | 'v.H.' | 'Prozent' | 'v. Hundert';

/**
 * How a Zerlegungsbescheid sets out the shares ('classic': Gemeinde, [AGS], wages, share) and how
 * interest is set out ('classic': key–value rows). Optional pools: a part without them prints the
 * classic forms only and draws nothing for them (the blind part's draws stay as they were).
 */
export type ZerlegungStyle =
  | 'classic'
  | 'ags-first'
  | 'pct'
  | 'lfd'
  | 'text'
  | 'blocks'
  | 'share-before-wages'
  // Seventh step (development only): the quota in % after the share and the AGS column; a tax
  // office's numbered list under a sentence with the Messbetrag, running onto the next page;
  // the share as a quota and in euros without any total printed.
  | 'quote-last'
  | 'fa-list'
  | 'mb-pct';
export type ZinsStyle = 'classic' | 'formula' | 'table' | 'sentence' | 'rate-rows';
/**
 * Development-only optional pools (drawn after every other draw, so parts without them draw as
 * before): how a Gewerbesteuerbescheid sets out its figures, how prepayments are listed, how a
 * Messbescheid derives the Messbetrag.
 */
export type GewstStyle = 'classic' | 'columns-old-new' | 'ledger' | 'inline' | 'sentence';
export type VzStyle =
  | 'classic'
  | 'old-new'
  | 'roman'
  | 'sentence'
  | 'date-first'
  // Fifth step (issue 9, engineer `fields`): quarter labels without dates ("I/2025", "1. Quartal
  // 2025"), "zum 15.02." without a year, month names, "vierteljährlich je … ab", old/new/change
  // columns with due dates moved to the next working day, several years in one notice, a yearly
  // total only.
  | 'quarter-label'
  | 'quartal-col'
  | 'day-month'
  | 'month-names'
  | 'je-ab'
  | 'old-new-change'
  | 'multi-year'
  | 'annual-only';
/**
 * How the Erhebungszeitraum is stated (development only): 'classic' = in the title; the others
 * print the title without the year and state it once elsewhere — a period of dates, "für das
 * Kalenderjahr", "EZ", "Veranlagungszeitraum", a subject line, or only in a file reference.
 */
export type EzStyle =
  | 'classic'
  | 'range'
  | 'kalenderjahr'
  | 'ez-abbr'
  | 'veranlagungszeitraum'
  | 'subject'
  | 'reference'
  // Seventh step: the year as an item of the info block ("EZ", "Kalenderjahr", "Jahr"), or
  // appended to the title ("… für 2023").
  | 'info-ez'
  | 'title-for';
/**
 * Development-only optional pool (seventh step): where and how the notice date stands —
 * "Ort, den …" above the title instead of an info item, "Bescheiddatum" / "Ausfertigungsdatum"
 * labels, "erstellt am …" at the end — each with another, earlier date of the letter nearby
 * (receipt of the declaration, "Ihr Schreiben vom", "Buchungsstand").
 */
export type LetterStyle = 'classic' | 'ort-den' | 'bescheiddatum' | 'erstellt-am' | 'stand';
/**
 * Development-only optional pool (seventh step): how the due date of a payment is stated —
 * "zahlbar bis", "ist bis zum … zu entrichten", a "Fälligkeit" item, a one-row payment table,
 * "einen Monat nach Bekanntgabe, das ist der …".
 */
export type DueStyle =
  'classic' | 'zahlbar-bis' | 'zu-entrichten' | 'faelligkeit-kv' | 'due-table' | 'bekanntgabe';
export type MessStyle = 'classic' | 'operators' | 'sentence';
/**
 * Development-only optional pool (drawn after every other draw): how a Zinsbescheid sets out the
 * interest as a notice of its own ('derivation': the tax, the amount set before and the
 * difference rounded down to the base, then the interest; 'bescheid-ref': the tax notice it
 * follows named in a sentence; 'letter': running text only; 'summary': one table row per tax
 * and year with a total), and whether a Gewerbesteuerbescheid adds its interest to the amount
 * to pay ('total').
 */
/**
 * Development-only optional pool (sixth step, drawn after every other draw): how a
 * Gewerbesteuerbescheid prints the Hebesatz, the tax, the settlement and the due date as real
 * municipal software does ('calc-line': "Messbetrag … x 490 % = …"; 'vh-sentence': "490 vom
 * Hundert" in a sentence, Soll alt/neu; 'factor': the rate as a factor "4,90"; 'pct-column': one
 * table row under "Hebesatz (%)" with the due date in a column; 'brackets': a refund in
 * brackets, "zu erstatten" / "zu zahlen"; 'bekanntgabe': "innerhalb eines Monats nach
 * Bekanntgabe, spätestens am …").
 */
export type RateStyle =
  'classic' | 'calc-line' | 'vh-sentence' | 'factor' | 'pct-column' | 'brackets' | 'bekanntgabe';
export type ZinsNoticeStyle = 'classic' | 'derivation' | 'bescheid-ref' | 'letter' | 'summary' | 'total';

/** Development-only letter forms (letters-dev.ts): letters that are no notice, Mahnung phrasings. */
export type SonstigesStyle =
  | 'classic'
  | 'stundung'
  | 'aussetzung'
  | 'eingang'
  | 'kontoauszug'
  | 'erstattung'
  | 'bankverbindung'
  | 'anhoerung'
  | 'erinnerung'
  | 'erlass'
  | 'vollstreckungsaufschub'
  | 'widerspruchsbescheid'
  | 'umbuchung'
  | 'zahlungseingang'
  | 'fristhinweis'
  | 'bescheinigung';
export type MahnStyle =
  'classic' | 'mahnung-text' | 'vollstreckung' | 'erinnerung-sz' | 'rueckstandsliste' | 'sz-berechnung';

export interface Pools {
  part: Part;
  zerlegungStyles?: ZerlegungStyle[];
  zinsStyles?: ZinsStyle[];
  gewstStyles?: GewstStyle[];
  vzStyles?: VzStyle[];
  messStyles?: MessStyle[];
  ezStyles?: EzStyle[];
  zinsNoticeStyles?: ZinsNoticeStyle[];
  rateStyles?: RateStyle[];
  letterStyles?: LetterStyle[];
  dueStyles?: DueStyle[];
  /** Development only (letters-dev.ts): letters that are no notice, and Mahnung phrasings. */
  sonstigesStyles?: SonstigesStyle[];
  mahnStyles?: MahnStyle[];
  families: Family[];
  /** Issuer line 1 of a municipality's letterhead. */
  issuers: ((kind: string, name: string) => string)[];
  departments: string[];
  /** Tax-office letterhead (Messbescheid, Zerlegungsbescheid). */
  faIssuers: ((city: string) => string)[];
  faDepartments: string[];
  labels: Record<LabelKey, string[]>;
  titles: Record<NoticeType, ((ez: number) => string)[]>;
  sentences: {
    intro: Partial<Record<NoticeType, Tpl[]>>;
    /** Gewerbesteuerbescheid figures as running text (nachzahlung / erstattung). */
    gewstText: Tpl[];
    due: Tpl[];
    refund: Tpl[];
    vzText: Tpl[];
    noVz: Tpl[];
    zinsText: Tpl[];
    zinsDue: Tpl[];
    mahnText: Tpl[];
    sonstigesBody: Tpl[];
    /** Legal basis line (§§ …), printed by some notices. */
    legal: Partial<Record<NoticeType, Tpl[]>>;
    belehrung: Tpl[];
    paymentNote: Tpl[];
  };
  money: MoneyFormat[];
  dates: DateFormat[];
  pcts: PctFormat[];
}

/** One notice's draw from the pools. */
export interface Style {
  part: Part;
  family: Family;
  issuer: (kind: string, name: string) => string;
  department: string;
  faIssuer: (city: string) => string;
  faDepartment: string;
  labels: Labels;
  title: (ez: number) => string;
  pick: <T>(xs: readonly T[]) => T;
  money: MoneyFormat;
  date: DateFormat;
  pct: PctFormat;
  sentences: Pools['sentences'];
  zerlegung?: ZerlegungStyle;
  zins?: ZinsStyle;
  gewst?: GewstStyle;
  vzStyle?: VzStyle;
  mess?: MessStyle;
  ezStyle?: EzStyle;
  zinsNotice?: ZinsNoticeStyle;
  rate?: RateStyle;
  letter?: LetterStyle;
  due?: DueStyle;
  sonstiges?: SonstigesStyle;
  mahn?: MahnStyle;
}

export function drawStyle(pools: Pools, type: NoticeType, r: () => number, family?: Family): Style {
  const pick = <T>(xs: readonly T[]): T => {
    const x = xs[Math.floor(r() * xs.length)];
    if (x === undefined) throw new Error('empty pool');
    return x;
  };
  const labels = Object.fromEntries(LABEL_KEYS.map((k) => [k, pick(pools.labels[k])])) as Labels;
  return {
    part: pools.part,
    family: family ?? pick(pools.families),
    issuer: pick(pools.issuers),
    department: pick(pools.departments),
    faIssuer: pick(pools.faIssuers),
    faDepartment: pick(pools.faDepartments),
    labels,
    title: pick(pools.titles[type]),
    pick,
    money: pick(pools.money),
    date: pick(pools.dates),
    pct: pick(pools.pcts),
    sentences: pools.sentences,
    // Drawn last and only where the part has these pools, so other draws stay unchanged.
    ...(pools.zerlegungStyles ? { zerlegung: pick(pools.zerlegungStyles) } : {}),
    ...(pools.zinsStyles ? { zins: pick(pools.zinsStyles) } : {}),
    ...(pools.gewstStyles ? { gewst: pick(pools.gewstStyles) } : {}),
    ...(pools.vzStyles ? { vzStyle: pick(pools.vzStyles) } : {}),
    ...(pools.messStyles ? { mess: pick(pools.messStyles) } : {}),
    ...(pools.ezStyles ? { ezStyle: pick(pools.ezStyles) } : {}),
    ...(pools.zinsNoticeStyles ? { zinsNotice: pick(pools.zinsNoticeStyles) } : {}),
    ...(pools.rateStyles ? { rate: pick(pools.rateStyles) } : {}),
    ...(pools.letterStyles ? { letter: pick(pools.letterStyles) } : {}),
    ...(pools.dueStyles ? { due: pick(pools.dueStyles) } : {}),
    // Drawn for their own type only: notices of the other types stay as they were.
    ...(pools.sonstigesStyles && type === 'sonstiges' ? { sonstiges: pick(pools.sonstigesStyles) } : {}),
    ...(pools.mahnStyles && type === 'mahnung' ? { mahn: pick(pools.mahnStyles) } : {}),
  };
}
