import { DOCUMENT_TYPES, type DocumentType } from '@gewst/domain';
import model from './classifier-model.json' with { type: 'json' };
import {
  BARE_RATE_SOURCE,
  MONEY_SOURCE,
  PERCENT_SOURCE,
  parseBareRate,
  parseMoney,
  parsePercent,
  toCents,
} from './normalize.js';

/** An amount of money anywhere in a text (no g flag: `test` keeps no state). */
const MONEY = new RegExp(MONEY_SOURCE, 'iu');

export interface Classification {
  type: DocumentType;
  confidence: number;
  /** Probability per type (softmax of the classifier's scores plus the cue terms). */
  scores: Record<DocumentType, number>;
  /** The strong cues found in the text (legal references, structures), for explanations. */
  cues: string[];
}

/**
 * Classification by meaning, not by a list of title phrases:
 *
 * 1. A linear text classifier (multinomial logistic regression) over word unigrams and
 *    bigrams, character 4- and 5-grams of every word (compounds, stems, OCR-damaged words)
 *    and the same for the head of the letter (where the title stands), trained by
 *    `npm run train:classifier` on the generated development corpus and shipped as
 *    `classifier-model.json`.
 * 2. Strong cues that every notice carries, added with fixed weights: the legal references
 *    (§ 233a AO interest, § 19 GewStG prepayments, § 188 AO / §§ 28 ff. GewStG Zerlegung,
 *    § 14 GewStG / § 184 AO Messbetrag, § 240 AO Säumniszuschläge, § 16 GewStG Hebesatz) and
 *    the structures found (a quarterly schedule, an apportionment table, charged surcharges).
 * 3. `sonstiges` is ruled out by what a notice does (assess, settle, compute interest,
 *    apportion, set dated prepayments, charge surcharges), never by what a letter mentions;
 *    a letter whose operative part is another act (Stundung, Aussetzung der Vollziehung, a
 *    confirmation, an account statement, a refund advice, new bank details, a hearing, a
 *    reminder that charges nothing) leans to `sonstiges`, as does one that says it is no notice.
 */
export function classify(text: string, trained: Model = model as unknown as Model): Classification {
  const feats = features(text);
  const cues = strongCues(text);
  const k = DOCUMENT_TYPES.length;
  const z = new Array<number>(k).fill(0);
  const m = trained;
  for (let c = 0; c < k; c++) z[c] = m.bias[c] ?? 0;
  for (const [f, v] of feats) {
    const w = m.weights[f];
    if (!w) continue;
    for (let c = 0; c < k; c++) z[c]! += (w[c] ?? 0) * v;
  }
  // Surcharges named by a letter whose act is another (remitted, deferred, certified) are that
  // act's subject, not a charge: they add nothing to `mahnung`.
  const ownAct = cues.includes('other_act');
  for (const cue of cues) {
    if (ownAct && (cue === 'surcharge_charged' || cue === 'surcharge_calc')) continue;
    const w = CUE_WEIGHTS[cue];
    if (!w) continue;
    for (const [t, x] of Object.entries(w)) z[DOCUMENT_TYPES.indexOf(t as DocumentType)]! += x;
  }
  const sonst = DOCUMENT_TYPES.indexOf('sonstiges');
  // What a notice of one of the six types does (assess, apportion, compute interest, charge
  // surcharges) rules `sonstiges` out — unless the letter's operative part is another act
  // (a Stundung, an Aussetzung, a confirmation, a statement …), which only cites notices.
  // Mere mentions (trade tax, an amount "festgesetzt" by an earlier notice, a § 240 AO warning,
  // the quarterly prepayments; § 19 GewStG without any amount) leave the decision to the classifier.
  // The floor (issue 9: "`sonstiges` only when no trade-tax notice cue exists"): a letter that
  // carries what only a notice carries — a dated or quarter-marked schedule, a sentence that sets
  // the prepayments with an amount, the arithmetic of a type, a legal reference of the trade tax
  // with an amount — is a notice of one of the six types, whatever its wording, unless its own
  // act is another (below). Prepayment notices print little arithmetic: a bare schedule or one
  // sentence is all they may show.
  const money = MONEY.test(text);
  const defining = cues.some((c) => !MENTION_CUES.has(c) && (!NEEDS_AMOUNT.has(c) || money));
  // A reminder that charges surcharges is a Mahnung by the product's definition (DOMAIN.md); an
  // act of its own (a remission of the surcharges, a deferral of enforcement, a decision on an
  // appeal with its fee, a certificate …) stays that act even where it names surcharges or fees.
  const charged = cues.includes('surcharge_charged') || cues.includes('surcharge_calc');
  const act = cues.includes('other_act') || (cues.includes('reminder') && !charged);
  if (cues.includes('kein_bescheid')) z[sonst] = Math.max(...z) + 5;
  else if (act || cues.includes('other_levy')) z[sonst]! += OTHER_ACT_BONUS;
  else if (defining) z[sonst] = Number.NEGATIVE_INFINITY;
  else if (cues.length === 0 || !cues.includes('sets')) z[sonst]! += NO_CUE_BONUS;
  // A Mahnung charges arrears with surcharges or a dunning fee: without one it is none.
  if (!charged) z[DOCUMENT_TYPES.indexOf('mahnung')]! -= NO_SURCHARGE_PENALTY;
  // Every notice shows what it does (or at least names it: OCR may break the arithmetic); a
  // type of which the letter shows nothing at all loses log-odds, whatever its words resemble.
  for (const [t, shows] of Object.entries(SHOWS)) {
    if (!shows.some((c) => cues.includes(c)) || !cues.includes('sets'))
      z[DOCUMENT_TYPES.indexOf(t as DocumentType)]! -= NOTHING_SHOWN_PENALTY;
  }
  // A past year's tax assessed and settled, with the later prepayments attached: a
  // Gewerbesteuerbescheid (it may set the prepayments, § 19 Abs. 3 GewStG), never a prepayment
  // notice. The pair is decided by this structure, not by weights: the n-gram classifier reads the
  // same prepayment words and schedule in both, and on a short letter whose head is a schedule
  // those words outvoted any fixed weight (the cue's own feature is one of hundreds, L2-normalised).
  // The letter's vote for a prepayment notice goes to the Gewerbesteuerbescheid.
  if (cues.includes('past_year_settled')) {
    const g = DOCUMENT_TYPES.indexOf('gewst_bescheid');
    const v = DOCUMENT_TYPES.indexOf('vorauszahlungsbescheid');
    z[g] = Math.max(z[g]!, z[v]!);
    z[v] = Number.NEGATIVE_INFINITY;
  }
  const p = softmax(z);
  let best = 0;
  for (let c = 1; c < k; c++) if ((p[c] ?? 0) > (p[best] ?? 0)) best = c;
  const scores = Object.fromEntries(DOCUMENT_TYPES.map((t, i) => [t, round(p[i] ?? 0)])) as Record<
    DocumentType,
    number
  >;
  return { type: DOCUMENT_TYPES[best]!, confidence: round(Math.min(0.99, p[best] ?? 0)), scores, cues };
}

export interface Model {
  version: number;
  classes: string[];
  bias: number[];
  weights: Record<string, number[]>;
}

const round = (n: number) => Math.round(n * 100) / 100;
/** Log-odds for `sonstiges` when a text carries no trade-tax notice cue at all. */
const NO_CUE_BONUS = 1;
/** Log-odds for `sonstiges` when the letter's operative part is an act other than a notice. */
const OTHER_ACT_BONUS = 4;
/** Log-odds taken from `mahnung` when no surcharge or dunning fee is charged with an amount. */
const NO_SURCHARGE_PENALTY = 3;
/** Log-odds taken from a notice type when the letter shows none of what that type does. */
const NOTHING_SHOWN_PENALTY = 1.5;
/**
 * What each notice type does (the arithmetic or structure), or at least names (its legal basis,
 * its key figure), one of which every notice of the type carries.
 */
const SHOWS: Partial<Record<DocumentType, string[]>> = {
  gewst_bescheid: ['assessment', 'settlement', 'interest_section', 'hebesatz', 'p16_gewstg'],
  vorauszahlungsbescheid: ['schedule', 'p19_gewstg', 'quarterly', 'prepay_calc', 'prepay_set'],
  zinsbescheid: ['interest_subject', 'interest_calc', 'interest_section', 'p233a_ao', 'interest'],
  messbescheid: ['messbetrag', 'mess_calc', 'p14_gewstg', 'p184_ao'],
  zerlegungsbescheid: ['apportionment', 'p188_ao', 'p28_gewstg'],
};

/** Legal references that rule `sonstiges` out only together with a printed amount. */
const NEEDS_AMOUNT = new Set(['p19_gewstg']);

/**
 * Cues that any letter about trade tax may carry — a letter citing a notice, warning of
 * surcharges, naming the quarterly due dates — as opposed to what a notice itself does.
 */
const MENTION_CUES = new Set([
  'trade_tax_notice',
  'p233a_ao',
  'p240_ao',
  'p16_gewstg',
  'hebesatz',
  'messbetrag',
  'interest',
  'quarterly',
  'surcharge_mentioned',
  'surcharge_warned',
  'kein_bescheid',
  'other_act',
  'other_levy',
  'reminder',
  'prepay_calc',
  'sets',
]);

function softmax(z: number[]): number[] {
  const max = Math.max(...z.filter(Number.isFinite));
  const e = z.map((x) => (Number.isFinite(x) ? Math.exp(x - max) : 0));
  const s = e.reduce((a, b) => a + b, 0) || 1;
  return e.map((x) => x / s);
}

/**
 * Folds a text for matching by meaning: lower case, umlauts and ß spelled out the way OCR and
 * old typewriters write them (ä → a, ß → ss), common OCR digit/letter confusions inside words.
 * An "ue" after a vowel is no umlaut ("Steuer", "Dauer", "neuer"), nor after a q.
 */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä|ae(?=[bcdfghklmnprstvwz])/g, 'a')
    .replace(/ö|oe(?=[bcdfghklmnprstvwz])/g, 'o')
    .replace(/ü|(?<![aeq])ue(?=[bcdfghklmnprstvwz])/g, 'u')
    .replace(/ß/g, 'ss')
    .replace(/(?<=\p{L})[0](?=\p{L})/gu, 'o')
    .replace(/(?<=\p{L})[1|](?=\p{L})/gu, 'l');
}

/** Letters-only tokens of a folded text; hyphenated and slashed compounds are split. */
export function tokens(folded: string): string[] {
  return folded.match(/\p{L}{2,}/gu) ?? [];
}

/** The sparse, L2-normalised feature vector of a text (shared by training and inference). */
export function features(text: string): Map<string, number> {
  const folded = foldText(text);
  const toks = tokens(folded);
  // The head: where letterhead and title stand (first lines of page 1).
  const headLen = Math.max(400, Math.floor(folded.length * 0.2));
  const headToks = tokens(folded.slice(0, headLen));
  const f = new Map<string, number>();
  const add = (key: string) => f.set(key, (f.get(key) ?? 0) + 1);
  const words = (ts: string[], p: string) => {
    for (let i = 0; i < ts.length; i++) {
      const w = ts[i]!;
      add(`${p}w:${w}`);
      if (i > 0) add(`${p}b:${ts[i - 1]}_${w}`);
      const padded = `<${w}>`;
      for (const n of [4, 5])
        for (let j = 0; j + n <= padded.length; j++) add(`${p}c:${padded.slice(j, j + n)}`);
    }
  };
  words(toks, '');
  words(headToks, 'h');
  for (const cue of strongCues(text)) add(`q:${cue}`);
  let norm = 0;
  for (const [k, v] of f) {
    const x = Math.log1p(v);
    f.set(k, x);
    norm += x * x;
  }
  norm = Math.sqrt(norm) || 1;
  for (const [k, v] of f) f.set(k, v / norm);
  return f;
}

// OCR reads "§" as "8" or "$" now and then ("NACH 8 19 GEWSTG"): a lone 8 or $ before the number of
// a reference that names its law counts as the sign.
const PARA = String.raw`(?:§§?|paragraph|par\.|\$|(?<![\w.,])8\s(?=\d))\s*`;
const AO = String.raw`(?:ao|abgabenordnung)\b`;
const GEWSTG = String.raw`(?:gewstg|gewerbesteuergesetz(?:es)?)\b`;
/**
 * The number of a paragraph, sentence or item ("1", "2a"); it stops before a next "Satz 2"/"Nr. 3"
 * written without a space, which the next repetition reads.
 */
const REF_NUMBER = String.raw`\d(?:(?!(?:satz|nr)\d)\w)*`;
/**
 * A reference to a paragraph of a law: "§ 233a Abs. 1 Satz 2 Nr. 3, 4 und 5 ff. der AO". Every
 * string is read one way only: a number is one digit and its word (not "\d+\w*", which split "22"
 * two ways), the words after a delimiter stop before a next delimiter (not "[\w.]*", which could
 * also swallow it), and a delimiter takes no trailing space (the next one takes it). With those
 * choices open, "§ 233a , , , , …", "§ 233a f.f.f.…" or "§ 233a Satz 1Satz 1…" backtracked 2^n ways
 * and classify never returned; what the pattern matches is unchanged.
 */
const refRe = (nums: string, law: string) =>
  new RegExp(
    String.raw`${PARA}(?:\d+[a-z]?\s*(?:,|und|bis|/)\s*)*${nums}(?:\s*(?:abs\.?|absatz)\s*${REF_NUMBER})?(?:\s*(?:satz|s\.|nr\.?)\s*${REF_NUMBER})*(?:\s*(?:,|und|bis|ff\.|ff(?!\.)|f\.)(?:\s*(?:(?!und|bis|ff|f\.)[\d\w.])+)?)*\s*(?:der\s+|des\s+)?${law}`,
    'iu',
  );

/** Legal references and notice structures, each a strong hint of one or a few types. */
export function strongCues(text: string): string[] {
  // Words broken at a line end by a hyphen (OCR, narrow columns) are joined first.
  const t = foldText(text)
    .replace(/(\p{L})-\s*\n\s*(\p{L})/gu, '$1$2')
    .replace(/\s+/g, ' ');
  const out: string[] = [];
  const has = (cue: string, re: RegExp) => {
    if (re.test(t)) out.push(cue);
  };
  has('p233a_ao', refRe('233\\s?a', AO));
  has('p240_ao', refRe('240', AO));
  has('p188_ao', refRe('18[5-9]', AO));
  has('p184_ao', refRe('184', AO));
  // § 19 GewStG, unless every sentence citing it sets only the Messbetrag whose purpose the
  // prepayments are (§ 19 Abs. 3: the tax office's Messbetrag "für Zwecke der Vorauszahlungen",
  // a Messbescheid's act, not a prepayment notice's).
  const p19 = refRe('19', GEWSTG);
  const p19Sentences = t.split(/(?<!\b(?:abs|nr|v|h|lt|vgl|gem|s))[.;!?]\s/u).filter((x) => p19.test(x));
  const onlyMess = (x: string) => MESS_FOR_PREPAY.test(x) && !PREPAY_WORD.test(forMess(messForPrepayOnly(x)));
  if (p19Sentences.length > 0 && !p19Sentences.every(onlyMess)) out.push('p19_gewstg');
  has('p16_gewstg', refRe('16', GEWSTG));
  has('p14_gewstg', refRe('(?:14|11)', GEWSTG));
  has('p28_gewstg', refRe('(?:28|29|30|31|33)', GEWSTG));
  // Structures: a schedule of quarterly due dates, an apportionment table, arrears with surcharges.
  const quarterDates =
    // (a numeric month ends with its full stop: "17.546,00" is an amount, not 17 May '46)
    t.match(
      /\b1[4-9]\.\s?(?:(?:0?2|0?5|0?8|11)\.|(?:feb\w*|mai|aug\w*|nov\w*)\.?)\s?(?:20)?\d{2}\b(?![,.]\d)/g,
    ) ?? [];
  // Dated quarterly payments set a schedule; the words alone (a reminder of "the quarterly
  // prepayments") only mention one. A schedule names at least two due dates — with their year, or
  // without it ("15.2., 15.5.", "15. Mai und 15. August": two different quarters) — or two quarters
  // by their marker ("III/2025", "4. Quartal 2025"), and prints an amount.
  const quarterMonths = new Set(
    [...t.matchAll(/\b1[4-9]\.\s?(?:(0?2|0?5|0?8|11)\.(?!\d)|(feb|mai|aug|nov)\p{L}*\.?)/gu)].map((m) =>
      m[1] ? String(Number(m[1])) : { feb: '2', mai: '5', aug: '8', nov: '11' }[m[2]!],
    ),
  );
  const quarterMarks = new Set(
    [
      ...t.matchAll(
        /(?<![\p{L}\d.,/])(?:(iv|i{1,3})\s?\/\s?(20\d{2})(?!\d)|(iv|i{1,3}|[1-4])\s?\.\s?(?:kalender)?(?:quartal|vierteljahr)\p{L}*\s(20\d{2})(?!\d))/gu,
      ),
    ].map((m) => `${m[1] ?? m[3]}/${m[2] ?? m[4]}`),
  );
  const amount = MONEY.test(text);
  if (new Set(quarterDates).size >= 2 || (amount && (quarterMonths.size >= 2 || quarterMarks.size >= 2)))
    out.push('schedule');
  else if (/vierteljahr|quartal/.test(t)) out.push('quarterly');
  if (/zerleg/.test(t) && /arbeitsl[o]hn|maßstab|massstab/.test(t)) out.push('apportionment');
  // A Mahnung charges: a surcharge or dunning fee with its amount (in the same sentence or the
  // table row below its header). A warning that surcharges would arise names no amount.
  const charge = surchargeCharge(t);
  if (charge === 'charged') out.push('surcharge_charged');
  else if (charge === 'warned') out.push('surcharge_warned');
  else if (/saumniszuschl|mahngebuhr|mahnkosten|vollstreckung|\bmahnung/.test(t))
    out.push('surcharge_mentioned');
  if (surchargeArithmetic(t)) out.push('surcharge_calc');
  if (/steuermess(?:betrag|zahl)|messbetrag|gewerbeertrag/.test(t)) out.push('messbetrag');
  if (/hebesatz/.test(t)) out.push('hebesatz');
  if (/zins/.test(t) && /233\s?a|nachzahlungszins|erstattungszins|verzins/.test(t)) out.push('interest');
  if (
    /gewerbesteuer|gewstg/.test(t) &&
    /festgesetzt|festsetz|festzusetz|zahlungsaufforderung|zahlungserinnerung|mahnung/.test(t)
  )
    out.push('trade_tax_notice');
  // A notice sets something (a Festsetzung, a Zerlegung, a Bescheid); a letter naming none is no notice.
  // For the acts' sentences: full stops of dates, ordinals and abbreviations end no sentence.
  const plain = t
    .replace(/(?<=\d)\.(?=\s?(?:\d|jan|feb|mar|apr|mai|jun|jul|aug|sep|okt|nov|dez))/g, ' ')
    .replace(/\b(abs|nr|v|h|ggf|bzw|ca|vgl|gem|lt|evtl|ziff|str|az)\./g, '$1');
  const prepaySet = prepaymentsSet(plain);
  if (prepaySet) out.push('prepay_set');
  if (
    prepaySet ||
    /festgesetzt|festsetz|festzusetz|setz\w*\s[^.]{0,80}\bfest\b|(?:herab|herauf)(?:ge)?setz|zerleg|zugeteilt|bescheid/.test(
      t,
    )
  )
    out.push('sets');
  // A letter that itself sets the prepayments ("… werden auf … festgesetzt / herabgesetzt") sets
  // something: it is a reminder or another act only where its verbs perform that act.
  const fixes = prepaySet && prepaymentsSet(plain, true);
  // The same text with its line breaks, for the title lines.
  const lined = foldText(text)
    .replace(/(\p{L})-[ \t]*\n\s*(\p{L})/gu, '$1$2')
    .replace(/[ \t\f\r]+/g, ' ')
    .replace(/(?<=\d)\.(?=\s?(?:\d|jan|feb|mar|apr|mai|jun|jul|aug|sep|okt|nov|dez))/g, ' ')
    .replace(/\b(abs|nr|v|h|ggf|bzw|ca|vgl|gem|lt|evtl|ziff|str|az)\./g, '$1');
  const act = otherActKind(lined);
  if (act === 'verb' || (act === 'noun' && !fixes)) out.push('other_act');
  else if (!fixes && reminderAct(lined)) out.push('reminder');
  const arith = arithmeticCues(text);
  out.push(...arith);
  if (
    arith.includes('assessment') &&
    out.includes('schedule') &&
    pastYearAssessed(t, quarterDates, quarterMarks)
  ) {
    out.push('past_year_assessed');
    // … and settled against what was paid or demanded for that year (§ 20 GewStG): the year's
    // own act, which a prepayment notice citing that year's tax as its basis never performs.
    if (arith.includes('settlement') || YEAR_SETTLED.test(t)) out.push('past_year_settled');
  }
  if (!arith.includes('rate_applied') && messArithmetic(text)) out.push('mess_calc');
  if (prepaymentArithmetic(text)) out.push('prepay_calc');
  out.push(...interestCues(text, t, arith.includes('assessment')));
  // The Grundsteuer has the trade tax's structure — a Messbetrag × Hebesatz (§§ 13, 25 GrStG), due
  // in quarters on 15.2./15.5./15.8./15.11. (§ 28 GrStG) — so its notice carries the cues of an
  // assessment and a schedule. A letter that names the Grundsteuer and the trade tax in no line of
  // its own (with an amount, a year or a notice's act; a department's name in the letterhead is
  // none) shows the Grundsteuer's arithmetic: it is no trade-tax notice.
  if (/grundsteuer/.test(t) && !tradeTaxSubject(text)) out.push('other_levy');
  if (/(?:ist|handelt\s+es\s+sich\s+um)\s+kein(?:en)?\s+bescheid|kein(?:en)?\s+verwaltungsakt/.test(t))
    out.push('kein_bescheid');
  return out;
}

/**
 * Whether the trade tax is what the letter is about: the GewStG or a Gewerbeertrag named, or a line
 * naming the trade tax with an amount, a year or a notice's act (not a department's name).
 */
export function tradeTaxSubject(text: string): boolean {
  const folded = foldText(text);
  if (/gewstg|gewerbesteuergesetz|gewerbeertrag/.test(folded)) return true;
  return folded
    .split('\n')
    .some(
      (line) =>
        /gewerbesteuer|gewst/.test(line) &&
        (MONEY.test(line) ||
          /\b(?:19|20)\d{2}\b|bescheid|festsetz|festgesetzt|vorauszahl|messbetrag|erhebungszeitraum|zerleg|zins|mahn/.test(
            line,
          )),
    );
}

/**
 * A Gewerbesteuerbescheid assesses the tax of a year that has ended (§ 18 GewStG) and may set
 * the prepayments of the years after it; a prepayment notice sets those of the year it names.
 * True where every year the letter names the tax, the assessment or the prepayments for ("für
 * 2023", "Erhebungszeitraum 2023", "Gewerbesteuer 2023", "ab 2025") lies before every year of its
 * schedule of due dates: the tax assessed is that of a past year, the schedule only attached.
 */
function pastYearAssessed(t: string, quarterDates: string[], quarterMarks: Set<string>): boolean {
  const schedule = [
    ...quarterDates.map((d) => Number(/(\d{2,4})$/.exec(d)?.[1] ?? 0)).map((y) => (y < 100 ? 2000 + y : y)),
    ...[...quarterMarks].map((m) => Number(m.split('/')[1])),
  ].filter((y) => y > 1990);
  const named = [
    ...t.matchAll(
      /\b(?:fur|ab|jahr|kalenderjahr|steuerjahr|erhebungszeitraum\p{L}*|gewerbesteuer\p{L}*|vorauszahlung\p{L}*|veranlagung\p{L}*)(?:\s(?:das|den|dem|die))?(?:\s(?:jahr|kalenderjahr|erhebungszeitraum))?:?\s(?:1\.?\s?januar\s)?((?:19|20)\d{2})(?![\d.,])/gu,
    ),
  ].map((m) => Number(m[1]));
  return schedule.length > 0 && named.length > 0 && Math.min(...schedule) > Math.max(...named);
}

/**
 * The Abrechnung of an assessed year against what was set or paid before (§ 20 GewStG): the final
 * payment or the refund, the amount still to pay or to refund, the former Soll, the prepayments
 * credited. Not the interest on a back payment ("Nachzahlungszinsen").
 */
const YEAR_SETTLED =
  /abschlusszahlung|nachzuzahlen|nachzahlung(?!szins)|zu erstatten|erstattungsbetrag|mehrbetrag|minderbetrag|\b(?:soll|festsetzung|steuer) (?:bisher|alt)\b|bisher (?:festgesetzt|entrichtet|gezahlt|geleistet)|(?:geleistet|entrichtet|gezahlt|anzurechnend)e[nr]? vorauszahlung|vorauszahlungen (?:werden )?(?:angerechnet|anzurechnen)/;

const PREPAY_WORD = /vorauszahl|abschlagszahl|vierteljahrlich|quartalsweise|je (?:quartal|termin|falligkeit)/;
/** A verb by which a letter sets, changes or states the prepayments that now apply. */
const PREPAY_VERB = /betragen|betragt|zu (?:entrichten|zahlen|leisten)\b/;
/** The verbs of an act that sets them (a Festsetzung, an Anpassung, a Herabsetzung). */
const PREPAY_FIX =
  /festgesetzt|festgelegt|(?:herab|herauf|neu |fest)gesetzt|angepasst|erhoht|ermassigt|gesenkt|geandert/;
/** The sentence cites an earlier act, or only imagines one. */
const PREPAY_NOT_NOW =
  /\bwurden?\b|(?:mit|durch|laut|lt|gemass|gem) (?:\p{L}+ ){0,2}bescheid vom|\bbisher|\bwerden wir\b|beabsichtig/u;

/**
 * A sentence that sets the prepayments as they now apply, with an amount — "Die Vorauszahlungen
 * werden … auf 9.200,00 € festgesetzt", "… auf 0,00 € herabgesetzt", "Künftig sind vierteljährlich
 * 1.450,00 € zu entrichten" after "Wir haben Ihre Vorauszahlungen angepasst" — and not one that
 * cites the notice which set them ("wurden mit Bescheid vom … festgesetzt") or announces one.
 * Reads the text with the full stops of dates and abbreviations removed.
 */
export function prepaymentsSet(plain: string, fixing = false): boolean {
  const sentences = plain.split(/[.;!?]\s(?!\d)/);
  const amount = new RegExp(String.raw`${AMOUNT}|\d\s?(?:€|eur)`, 'u');
  // "Der Steuermessbetrag für Zwecke der Vorauszahlungen wird … festgesetzt": the act sets a
  // Messbetrag (the tax office's, § 19 Abs. 3 GewStG), the prepayments are only its purpose.
  // Also where the purpose stands apart from the Messbetrag ("Für die Vorauszahlungen ab 2025 wird
  // der Steuermessbetrag … festgesetzt").
  const own = (x: string) => forMess(messForPrepayOnly(x));
  for (let i = 0; i < sentences.length; i++) {
    const s = own(sentences[i]!);
    const verb = PREPAY_FIX.test(s) || (!fixing && PREPAY_VERB.test(s));
    if (!amount.test(s) || !verb || PREPAY_NOT_NOW.test(s) || HYPOTHETICAL.test(s)) continue;
    if (PREPAY_WORD.test(s) || (i > 0 && /vorauszahl|abschlagszahl/.test(own(sentences[i - 1]!))))
      return true;
  }
  return false;
}

/** A Messbetrag named by its purpose, the prepayments ("… für Zwecke der Vorauszahlungen"). */
const MESS_FOR_PREPAY =
  /(?:steuer)?messbetr\p{L}*\s+(?:(?:fur|zu|zum)\s+(?:zwecke?n?\s+der\s+|die\s+)?)?(?:gewerbesteuer-?)?vorauszahl\p{L}*|vorauszahlungs-?(?:steuer)?messbetr\p{L}*/u;
const MESS_FOR_PREPAY_ALL = new RegExp(MESS_FOR_PREPAY.source, 'gu');
const messForPrepayOnly = (x: string) => x.replace(MESS_FOR_PREPAY_ALL, 'messbetrag');
/** Prepayments named as a purpose ("für (Zwecke der) Vorauszahlungen", "für Vorauszahlungszwecke"). */
const FOR_PREPAY =
  /\b(?:fur|zu)\s(?:(?:den\s)?zwecke?n?\s(?:der\s)?)?(?:die\s)?(?:gewerbesteuer-?\s?)?vorauszahlung\p{L}*/gu;
/**
 * A sentence about a Messbetrag with the prepayments only as its purpose — "der Messbetrag für
 * (Zwecke der) Vorauszahlungen wird … festgesetzt" (§ 19 Abs. 3 GewStG, the Finanzamt's act) —
 * sets a Messbetrag, not the prepayments: the purpose is dropped before the prepayment words count.
 */
const forMess = (s: string) => (/messbetrag/.test(s) ? s.replace(FOR_PREPAY, ' ') : s);

const AMOUNT = String.raw`(?:\d{1,3}(?:[.\s]\d{3})+|\d+),(?:\d{2}|--)`;
/**
 * A surcharge or dunning fee ("Säumniszuschl.", "SZ", "Mahngebühr", "Gebühr") followed by an
 * amount before the sentence ends; dates, dotted leaders and the rest of a table header may
 * stand between them. A run of leader dots is taken whole: split into pieces of two or more
 * dots, a run of n dots had exponentially many ways and a long one never ended.
 */
const SURCHARGE_CHARGED = new RegExp(
  String.raw`(?:saumnis\s?zuschl|mahngeb|mahnkosten|\bsz\b|\bgebuhr)\p{L}*\.?(?:[^.;]|\.{2,}(?!\.)|(?<=\d)\.(?=\d|\s(?:jan|feb|mar|apr|mai|jun|jul|aug|sep|okt|nov|dez))){0,160}?${AMOUNT}`,
  'gu',
);

/**
 * Whether a letter charges a surcharge or fee, only warns of one, or neither: the sentence that
 * names it with an amount decides by its mood. A condition ("wenn", "falls", "sollte", "bei
 * Zahlung nach …"), the conditional ("würden … anfallen"), an amount per month (a rate, not a
 * sum) or a remission ("erlassen", "nicht angefallen") make it a warning or a mention, not a charge.
 */
export function surchargeCharge(folded: string): 'charged' | 'warned' | null {
  let warned = false;
  for (const m of folded.matchAll(SURCHARGE_CHARGED)) {
    const end = m.index + m[0].length;
    const before = folded.slice(sentenceStart(folded, m.index), end);
    const after = folded.slice(end, end + 40);
    const rest = folded.slice(end, end + 100).split(/[.;!?]\s(?!\d)/)[0] ?? '';
    if (
      HYPOTHETICAL.test(before) ||
      REMITTED.test(before) ||
      REMITTED.test(rest) ||
      RATE_AFTER.test(after) ||
      MOOD_AFTER.test(after)
    )
      warned = true;
    else return 'charged';
  }
  return warned ? 'warned' : null;
}

/** Where the sentence holding position `i` begins (a full stop before a space and no digit; not an abbreviation). */
function sentenceStart(t: string, i: number): number {
  const head = t.slice(Math.max(0, i - 240), i);
  let start = 0;
  for (const m of head.matchAll(
    /(?<!\b(?:v|abs|nr|ggf|bzw|ca|str|z|u|s|d|vgl|gem|lt|evtl|ziff|tel))[.!?:]\s(?!\d)/g,
  ))
    start = m.index + m[0].length;
  return Math.max(0, i - 240) + start;
}

const HYPOTHETICAL =
  /\b(?:wenn|falls|sofern|sollten?|andernfalls|ansonsten|vermeiden|drohen|droht|bei (?:zahlung nach|verspateter|nicht (?:rechtzeitiger|fristgerechter))|(?:eingeht|eingehen|zahlen|gezahlt wird)\s?,|verspatet ein|wurden?\s(?:\p{L}+\s){0,6}(?:anfallen|entstehen|hinzukommen|zu zahlen)|waren\s(?:\p{L}+\s){0,4}zu zahlen)\b/u;
const REMITTED =
  /\berlass|erlassen|niedergeschlagen|nicht (?:angefallen|entstanden|erhoben)|\bkeine\s(?:saumnis|mahngeb|gebuhr)/;
/** An amount per month is a rate, not a sum charged. */
const RATE_AFTER =
  /^\s?(?:€|eur\w*)?\s?(?:\)\s?)?(?:je|pro|fur jeden)\s(?:angefangenen\s|vollen\s)?monat|^\s?(?:€|eur\w*)?\s?monatlich/;
/** "… 25,00 € anfallen würden", "… zu zahlen wären". */
const MOOD_AFTER =
  /^[^.]{0,25}?(?:anfallen|entstehen|erhoben werden|zu zahlen|hinzukommen)\s(?:wurden?|waren?)\b/;

/**
 * The surcharge's own arithmetic (§ 240 AO): 1 % of an amount rounded down to 50 € for each
 * month begun (1–12), printed as an amount in a sentence that charges it, in a letter that
 * speaks of surcharges. What a Mahnung does, whatever its labels.
 */
export function surchargeArithmetic(folded: string): boolean {
  if (!/saumnis|zuschl|\b240\b|\bsz\b/.test(folded)) return false;
  const found = [...folded.matchAll(new RegExp(MONEY_SOURCE, 'giu'))]
    .map((m) => ({ at: m.index, len: m[0].length, v: parseMoney(m[0]) }))
    .filter((a): a is { at: number; len: number; v: string } => a.v !== null)
    .map((a) => ({ ...a, c: toCents(a.v) < 0n ? -toCents(a.v) : toCents(a.v) }))
    .filter((a) => a.c > 0n)
    .slice(0, 80);
  const byValue = new Map<bigint, { at: number; len: number }[]>();
  for (const a of found) byValue.set(a.c, [...(byValue.get(a.c) ?? []), a]);
  for (const a of found) {
    const base = (a.c / 5000n) * 5000n;
    if (base < 5000n) continue;
    for (let k = 1n; k <= 12n; k++) {
      const sz = (base / 100n) * k;
      if (sz < 100n || sz === a.c) continue;
      for (const o of byValue.get(sz) ?? []) {
        const end = o.at + o.len;
        const before = folded.slice(sentenceStart(folded, o.at), end);
        const after = folded.slice(end, end + 40);
        if (!HYPOTHETICAL.test(before) && !RATE_AFTER.test(after) && !MOOD_AFTER.test(after)) return true;
      }
    }
  }
  return false;
}

/** The first `limit` distinct positive amounts printed in the text, in cents (`absolute`: refunds count by size). */
function distinctPositiveCents(text: string, limit: number, absolute = false): bigint[] {
  const cents = [...text.matchAll(new RegExp(MONEY_SOURCE, 'giu'))]
    .map((m) => parseMoney(m[0]))
    .filter((v): v is string => v !== null)
    .map((v) => toCents(v))
    .map((c) => (absolute && c < 0n ? -c : c))
    .filter((c) => c > 0n);
  return [...new Set(cents)].slice(0, limit);
}

/**
 * Quarterly prepayments from a yearly amount (§ 19 GewStG): a quarter printed as a quarter of
 * another printed amount, exactly or rounded down to the euro, at least 50 €.
 */
export function prepaymentArithmetic(text: string): boolean {
  const amounts = distinctPositiveCents(text, 60);
  const set = new Set(amounts);
  return amounts.some((y) => y >= 20_000n && (set.has(y / 4n) ? y % 4n === 0n : set.has((y / 400n) * 100n)));
}

/**
 * A Messbetrag derived from a Gewerbeertrag (§§ 10, 11 GewStG): the income rounded down to
 * 100 €, less a Freibetrag (none, 24,500 € or 5,000 €, or one printed), × 3.5 %, rounded down
 * to the euro — printed as another amount. Only where no tax is assessed from it (a Messbescheid
 * never multiplies by a Hebesatz).
 */
export function messArithmetic(text: string): boolean {
  const amounts = distinctPositiveCents(text, 60);
  const set = new Set(amounts);
  const allowances = [
    0n,
    2_450_000n,
    500_000n,
    ...amounts.filter((a) => a <= 2_450_000n && a % 10_000n === 0n),
  ];
  for (const ge of amounts) {
    const rounded = (ge / 10_000n) * 10_000n;
    for (const fb of allowances) {
      if (rounded - fb < 10_000n) continue;
      const mb = (((rounded - fb) * 35n) / 1000n / 100n) * 100n;
      if (mb >= 100n && mb !== ge && set.has(mb)) return true;
    }
  }
  return false;
}

/**
 * The operative part of a letter that is no notice of the six types, by what the letter does:
 * it defers a payment (Stundung, Raten), suspends enforcement (Aussetzung der Vollziehung),
 * confirms receipt, states an account, advises a payout, announces new bank details, hears the
 * taxpayer before a decision, or reminds of a payment. Nouns naming the act count in the head
 * of the letter (where the title and the subject line stand; a notice's instructions on appeal
 * also name Aussetzung and Stundung), the acts' verbs anywhere.
 */
export function otherAct(folded: string): boolean {
  return otherActKind(folded) !== null;
}

/** `otherAct`, and whether a verb performs the act or only a noun in the head names it. */
function otherActKind(text: string): 'verb' | 'noun' | null {
  const folded = text.replace(/\s+/g, ' ');
  const head = text.slice(0, Math.max(700, Math.floor(text.length * 0.3)));
  const nouns =
    /stundung|aussetzung der vollziehung|eingangsbestatigung|bestatigung uber den eingang|kont[oe]n?(?:auszug|ubersicht)|buchungsubersicht|ubersicht (?:uber|zu) (?:ihr|ihrem|das) \w*konto|stand ihres \w*kontos|erstattungsmitteilung|mitteilung uber (?:eine |die )?erstattung|(?:anderung|neue) (?:\p{L}+ ){0,2}bankverbindung|anhorung|stellungnahme|erlass von|erlassantrag|antrag auf erlass|billigkeit|vollstreckungsaufschub|ratenzahlung|einstellung (?:der |von )?vollstreckung|widerspruchsbescheid|einspruchsentscheidung|entscheidung uber (?:ihren |den )?(?:widerspruch|einspruch|antrag)|umbuchung|zahlungsbestatigung|bestatigung des zahlungseingangs|quittung|bescheinigung/u;
  const verbs =
    /(?:wird|werden)\s(?:[^.]{0,120})\sgestundet|vollziehung\s[^.]{0,160}\sausgesetzt|bestatigen\s(?:\p{L}+\s){0,3}(?:den\s)?eingang|(?:beabsichtigen|beabsichtigt)\s[^.]{0,160}\s(?:festzusetzen|zu schatzen|anzupassen)|gelegenheit,?\s(?:\p{L}+\s){0,4}zu\s(?:aussern|ausern)|andert sich (?:\p{L}+\s){0,3}bankverbindung|neue(?:s|n)? (?:\p{L}+ )?(?:bankverbindung|konto\b)|(?:saumniszuschl|zinsen|forderung|betrag|rest)[^.]{0,160}\s(?:erlassen|niedergeschlagen)\b|(?:widerspruch|einspruch|antrag)[^.]{0,160}\s(?:zuruckgewiesen|abgelehnt)\b|vollstreckung[^.]{0,80}\seingestellt|von vollstreckungsmassnahmen[^.]{0,80}\sabzusehen|\bumgebucht\b|\b(?:wird|werden) (?:hiermit )?(?:bescheinigt|bestatigt),? dass|\b(?:bescheinigen|bestatigen) (?:wir|hiermit),? dass|stell\w*\s(?:\p{L}+\s){0,3}vollstreckung\s(?:\p{L}+\s){0,3}ein\b/u;
  if (verbs.test(folded)) return 'verb';
  return namesOwnAct(head, nouns) ? 'noun' : null;
}

/**
 * A notice's boilerplate names acts it does not perform: the legal remedy names the Aussetzung
 * der Vollziehung ("auf Antrag kann … gewährt werden"), a hint offers a Stundung ("stellen Sie
 * einen Antrag auf …"), a certificate or the account overview ("erhalten / finden Sie …"), a
 * payment note is a section label ("Zahlungshinweis: …"). A noun names the letter's own act only
 * outside such a clause — one that states a possibility (kann, können, möglich, auf Antrag), tells
 * the reader what to do (… Sie), or is the legal remedy — and not as the label of a section.
 */
export function namesOwnAct(head: string, nouns: RegExp): boolean {
  // A title or subject line (a short line with no sentence in it) names the letter's act; a line
  // break only survives in a head that was not flattened.
  for (const line of head.split('\n'))
    if (line.length <= 90 && !/[.;!?,](?:\s|$)/.test(line) && !INSTRUCTION.test(line) && nouns.test(line))
      return true;
  const flat = head.replace(/\s+/g, ' ');
  const re = new RegExp(nouns.source, `${nouns.flags.replace('g', '')}g`);
  for (const m of flat.matchAll(re)) {
    const end = m.index + m[0].length;
    if (/^\p{L}*\s?:/u.test(flat.slice(end, end + 30))) continue;
    const before = flat.slice(0, m.index);
    const from = Math.max(...[...before.matchAll(/[.;!?:,]\s/g)].map((b) => b.index + 2), 0);
    const after = flat.slice(end).search(/[.;!?:,]\s|[.;!?]$/);
    const clause = flat.slice(from, after < 0 ? flat.length : end + after);
    if (!INSTRUCTION.test(clause)) return true;
  }
  return false;
}

/**
 * A clause that states a possibility, instructs the reader, is the legal remedy, or refers to an
 * act done before ("Ihre Stellungnahme … wurde berücksichtigt").
 */
const INSTRUCTION =
  /\b(?:kann|konnen|konnte|konnten|darf|durfen|moglich|auf antrag|(?:stellen|erhalten|finden|richten|wenden|beantragen|nutzen|beachten) sie|rechtsbehelf\p{L}*|aufschiebende|wurden?|hatten|berucksichtigt)\b/u;

/**
 * A reminder: it reminds of a payment (before or after its due date). It is `sonstiges` unless
 * it charges a surcharge or a fee — then it is a Mahnung whatever its title (DOMAIN.md).
 */
export function reminderAct(text: string): boolean {
  const folded = text.replace(/\s+/g, ' ');
  const head = text.slice(0, Math.max(700, Math.floor(text.length * 0.3)));
  return (
    namesOwnAct(head, /zahlungserinnerung|erinnerung an|zahlungshinweis/u) ||
    /(?:mochten|durfen)\s(?:wir\s)?sie\s(?:daran\s)?erinnern/.test(folded)
  );
}

/**
 * The tax arithmetic as a cue: an amount that is another amount times a Hebesatz (an
 * assessment of the tax), and the tax less an earlier amount printed as a difference (a
 * settlement, the mark of a Gewerbesteuerbescheid). `rate_applied`: a Hebesatz is applied to a
 * Messbetrag — the tax, or the prepayments from it (a quarter of the product rounded down to the
 * euro, or four such quarters) — which the municipality does and never the Finanzamt's
 * Messbescheid, however much of the Messbetrag's wording the letter carries.
 */
export function arithmeticCues(text: string): string[] {
  const amounts = [
    ...new Set([...text.matchAll(new RegExp(MONEY_SOURCE, 'giu'))].map((m) => parseMoney(m[0]))),
  ]
    .filter((v): v is string => v !== null)
    .map((v) => toCents(v))
    .filter((c) => c !== 0n)
    .slice(0, 60);
  const rates = [
    ...new Set([...text.matchAll(new RegExp(PERCENT_SOURCE, 'giu'))].map((m) => parsePercent(m[0]))),
    // A rate printed without its unit ("Hebesatz (%)" column, a factor "4,90"): the arithmetic decides.
    ...new Set([...text.matchAll(new RegExp(BARE_RATE_SOURCE, 'gu'))].map((m) => parseBareRate(m[0]))),
  ].filter((v): v is number => v !== null && v >= 200 && v <= 1000 && Number.isInteger(v));
  // The rates a Hebesatz is printed as: with its unit, or a bare number after the word.
  const hebesatz = new Set(
    [
      ...[...text.matchAll(new RegExp(PERCENT_SOURCE, 'giu'))].map((m) => parsePercent(m[0])),
      ...[...text.matchAll(/hebe-?\s?satz/giu)].flatMap((h) =>
        [...text.slice(h.index, h.index + 120).matchAll(new RegExp(BARE_RATE_SOURCE, 'gu'))].map((m) =>
          parseBareRate(m[0]),
        ),
      ),
    ].filter((v): v is number => v !== null && v >= 200 && v <= 1000 && Number.isInteger(v)),
  );
  const set = new Set(amounts.map((a) => (a < 0n ? -a : a)));
  const taxes: bigint[] = [];
  // Prepayments from a Messbetrag (§ 19 GewStG): Messbetrag × Hebesatz, a quarter of it rounded
  // down to the euro, printed as the quarter or as four quarters (the yearly prepayment).
  let prepayRate = false;
  let rateApplied = false;
  for (const mb of amounts) {
    if (mb <= 0n) continue;
    for (const h of rates) {
      const tax = (mb * BigInt(h) + 50n) / 100n;
      if (tax === mb || !set.has(tax)) continue;
      taxes.push(tax);
      if (hebesatz.has(h)) rateApplied = true;
    }
    for (const h of hebesatz) {
      const quarter = ((mb * BigInt(h)) / 40_000n) * 100n;
      if (quarter >= 5000n && quarter !== mb && (set.has(quarter) || set.has(4n * quarter)))
        prepayRate = true;
    }
  }
  // Prepayments from the Messbetrag and no tax assessed from it: what a prepayment notice does.
  if (taxes.length === 0) return prepayRate ? ['rate_applied', 'prepay_rate'] : [];
  const out = rateApplied || prepayRate ? ['assessment', 'rate_applied'] : ['assessment'];
  outer: for (const tax of taxes) {
    for (const prev of set) {
      if (prev === tax || prev === 0n) continue;
      const diff = tax - prev;
      if (set.has(diff < 0n ? -diff : diff) && diff !== prev) {
        out.push('settlement');
        break outer;
      }
    }
  }
  return out;
}

/**
 * What every interest notice carries, as structure rather than wording (§§ 233a, 238 AO): an
 * interest base rounded down to 50 €, a number of full months, the rate (0.5 % or 0.15 % per
 * month) and the interest = base × months × rate rounded down to the euro; or, where the
 * figures do not add up (a minimum interest, OCR damage), a period of interest with its
 * months and rate. Whose subject the interest is decides the type: a notice that also assesses
 * the tax (Messbetrag × Hebesatz = Steuer) is a Gewerbesteuerbescheid with an interest section
 * (`interest_section`, also when OCR broke the arithmetic but a Hebesatz with its rate is
 * printed); one that computes interest and assesses no tax is about the interest itself
 * (`interest_subject`).
 */
export function interestCues(text: string, folded: string, assessment: boolean): string[] {
  const calc = /zins/.test(folded) && interestArithmetic(text);
  // Where the figures do not add up (a minimum interest, OCR damage): a period of interest with
  // its months. Words of the interest computation only: a reminder's "angefangenen Monat"
  // (§ 240 AO) is no interest.
  const period =
    /zinslauf|zinszeitraum|zinsbeginn|zinsende|zinsberechnung|verzinsung|zu verzinsen|verzinst|zinsmonate|zinssatz/.test(
      folded,
    ) && /monat/.test(folded);
  const structure = calc || period;
  // A tax assessed: the arithmetic, or (where OCR broke a figure) a Hebesatz with its rate.
  const taxAssessed =
    assessment || /hebesatz[^.\d]{0,40}\d{3}(?:,\d+)?\s?(?:%|v\.?\s?h|vom|prozent)/.test(folded);
  const out: string[] = [];
  if (calc) out.push('interest_calc');
  if (structure) out.push(taxAssessed ? 'interest_section' : 'interest_subject');
  return out;
}

/** Interest = base (a multiple of 50 €) × printed full months × 0.15 % or 0.5 %, rounded down to the euro. */
export function interestArithmetic(text: string): boolean {
  const amounts = distinctPositiveCents(text, 80, true);
  const months = new Set(
    [...text.matchAll(/(?<![\d.,/])(\d{1,3})(?![\d.,/]\d)/g)]
      .map((m) => Number(m[1]))
      .filter((n) => n >= 1 && n <= 150),
  );
  const bases = amounts.filter((a) => a >= 5000n && a % 5000n === 0n);
  const set = new Set(amounts);
  for (const b of bases)
    for (const m of months)
      for (const perMille of [15n, 50n]) {
        // euros, rounded down: base(€) × months × rate
        const euros = ((b / 100n) * BigInt(m) * perMille) / 10_000n;
        if (
          euros >= 1n &&
          (set.has(euros * 100n) || set.has(euros * 100n + 100n) || set.has(euros * 100n - 100n))
        )
          return true;
      }
  return false;
}

/**
 * Fixed weights of the strong cues (log-odds added to the classifier's scores). Every cue
 * also enters the classifier as a feature, so these only make sure that a legal reference
 * counts even in a wording the classifier has never seen.
 */
const CUE_WEIGHTS: Record<string, Partial<Record<DocumentType, number>>> = {
  p233a_ao: { zinsbescheid: 1.5, gewst_bescheid: 0.5 },
  p240_ao: { mahnung: 2 },
  p188_ao: { zerlegungsbescheid: 2.5 },
  p184_ao: { messbescheid: 2 },
  p19_gewstg: { vorauszahlungsbescheid: 1.5, gewst_bescheid: 0.3 },
  p16_gewstg: { gewst_bescheid: 1.5, vorauszahlungsbescheid: 0.5 },
  p14_gewstg: { messbescheid: 2 },
  p28_gewstg: { zerlegungsbescheid: 2 },
  apportionment: { zerlegungsbescheid: 1 },
  surcharge_charged: { mahnung: 2.5 },
  // 1 % of the arrears rounded down to 50 € × months begun, charged: what a Mahnung does.
  surcharge_calc: { mahnung: 1.5 },
  // A Messbetrag derived from a Gewerbeertrag, no Hebesatz applied to it: what a Messbescheid
  // does — the Finanzamt's act, which a municipality's prepayment notice takes as given (it
  // applies its Hebesatz), whatever the letter says of the prepayments.
  mess_calc: { messbescheid: 1.5, vorauszahlungsbescheid: -2 },
  // A Hebesatz applied to a Messbetrag: the municipality's act (tax or prepayments), never a Messbescheid.
  rate_applied: { messbescheid: -3 },
  // The prepayments computed from Messbetrag × Hebesatz, no tax assessed: a prepayment notice.
  prepay_rate: { vorauszahlungsbescheid: 1 },
  // A tax assessed for a year before every year of the schedule it carries: the year's assessment
  // with the later prepayments attached — or a prepayment notice citing that year's tax as its
  // basis, hence a weight only; settled as well (`past_year_settled`) it decides the pair by rule.
  past_year_assessed: { gewst_bescheid: 2, vorauszahlungsbescheid: -1.5 },
  // Tax less an earlier amount = the printed difference: a year settled, which no prepayment notice does.
  settlement: { gewst_bescheid: 2.5, vorauszahlungsbescheid: -1.5 },
  interest_subject: { zinsbescheid: 2.5 },
  interest_section: { gewst_bescheid: 1 },
};
