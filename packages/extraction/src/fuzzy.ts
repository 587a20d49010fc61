/**
 * OCR-tolerant label words: a misread label ("Steuerhummer", "Säumniszuschlage", "Gewerbe
 * steuermessbetrag") is mapped back to the label word it is a bounded number of edits away from,
 * so the regex label rules find it. Used for OCR pages only; text layers are taken as printed.
 */
import type { Word } from './types.js';

/**
 * Label and title words of German trade-tax notices (DOMAIN.md wording and its common variants).
 * Only words of 5+ letters are corrected; shorter ones are too easily confused with other words.
 */
export const LABEL_WORDS: readonly string[] = [
  'Abgabeart',
  'Abgang',
  'Abrechnung',
  'Abschlusszahlung',
  'Anteil',
  'Ausfertigungsdatum',
  'Bankverbindung',
  'Bescheid',
  'Bescheiddatum',
  'Bescheides',
  'Betrag',
  'Buchungszeichen',
  'Datum',
  'Differenz',
  'Erhebungszeitraum',
  'Erstattung',
  'Erstattungszinsen',
  'Fälligkeit',
  'Fälligkeitstag',
  'festgesetzt',
  'festgesetzte',
  'Festsetzung',
  'Freibetrag',
  'Gemeinde',
  'Gemeindekennzahl',
  'Gemeindekennziffer',
  'Gemeindeschlüssel',
  'Gewerbeertrag',
  'Gewerbesteuer',
  'Gewerbesteuerbescheid',
  'Gewerbesteuermessbescheid',
  'Gewerbesteuermessbetrag',
  'Gewerbesteuermessbetrags',
  'Guthaben',
  'Hauptforderung',
  'Hebesatz',
  'Hebesatzes',
  'Kalenderjahr',
  'Kassenzeichen',
  'Kassenzeichens',
  'Kreditinstitut',
  'Mahngebühr',
  'Mahnung',
  'Messbescheid',
  'Messbetrag',
  'Messbetrags',
  'Nachforderung',
  'Nachzahlung',
  'Nachzahlungszinsen',
  'Personenkonto',
  'Quartal',
  'Rückstand',
  'Rückstände',
  'Säumniszuschlag',
  'Säumniszuschläge',
  'Sollbetrag',
  'Steuermessbetrag',
  'Steuermessbetrags',
  'Steuermesszahl',
  'Steuernummer',
  'Überzahlung',
  'Unterschiedsbetrag',
  'Veranlagungszeitraum',
  'Vorauszahlung',
  'Vorauszahlungen',
  'Vorauszahlungsbescheid',
  'Zahlungstermin',
  'Zerlegung',
  'Zerlegungsanteil',
  'Zerlegungsanteile',
  'Zerlegungsbescheid',
  'Zinsbescheid',
  'Zinsbetrag',
  'Zinsbeginn',
  'Zinsende',
  'Zinsen',
  'Zinslauf',
  'Zinslaufs',
  'bisher',
  'bisherige',
  'bisheriger',
];

/** Optimal string alignment distance (Levenshtein with adjacent transpositions), stopping above `max`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const prev2 = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, (prev2[j - 2] ?? 0) + 1);
      cur[j] = v;
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    for (let j = 0; j <= b.length; j++) prev2[j] = prev[j] ?? 0;
    prev = cur;
  }
  return prev[b.length] ?? max + 1;
}

/** Edits allowed for a word of `n` letters: none under 5, 1 up to 9, 2 from 10 letters on. */
export const maxEdits = (n: number) => (n < 5 ? 0 : n < 10 ? 1 : 2);

// OCR confusions that cost nothing: umlaut dots lost, ß as B/ss, rn/m, digits for letters.
const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/ä/g, 'a')
    .replace(/ö/g, 'o')
    .replace(/ü/g, 'u')
    .replace(/ß/g, 'ss')
    .replace(/rn/g, 'm')
    .replace(/[1l|!]/g, 'i')
    .replace(/0/g, 'o')
    .replace(/5/g, 's');

interface Entry {
  word: string;
  folded: string;
}
const makeLexicon = (words: readonly string[]): Entry[] =>
  words.map((word) => ({ word, folded: fold(word) }));
const DEFAULT_LEXICON = makeLexicon(LABEL_WORDS);

/**
 * The label word that `token` (letters, possibly misread) stands for, or null. Exact and
 * already-correct words return null (nothing to fix). Ties between two label words are
 * refused: a correction must be unambiguous.
 */
export function correctLabelWord(token: string, lexicon: readonly string[] = LABEL_WORDS): string | null {
  const entries = lexicon === LABEL_WORDS ? DEFAULT_LEXICON : makeLexicon(lexicon);
  const f = fold(token);
  const budget = maxEdits(f.length);
  if (budget === 0 || !/^[\p{L}0-9|!]+$/u.test(token)) return null;
  let bestWord: string | null = null;
  let bestD = budget + 1;
  let tie = false;
  for (const e of entries) {
    if (e.word === token) return null;
    if (Math.abs(e.folded.length - f.length) > budget) continue;
    const d = editDistance(f, e.folded, budget);
    if (d < bestD) {
      bestD = d;
      bestWord = e.word;
      tie = false;
    } else if (d === bestD && bestWord !== e.word) tie = true;
  }
  if (!bestWord || tie || bestD > Math.min(budget, maxEdits(bestWord.length))) return null;
  // Keep the case of the printed word (capitals in mainframe print).
  if (token === token.toUpperCase() && /\p{Lu}/u.test(token)) return bestWord.toUpperCase();
  if (/^\p{Ll}/u.test(token)) return bestWord[0]!.toLowerCase() + bestWord.slice(1);
  return bestWord[0]!.toUpperCase() + bestWord.slice(1);
}

/**
 * Corrects the label words of one OCR line: single words within the edit budget, and a word
 * split in two by OCR ("Gewerbe steuermessbetrag") when the joined pieces are a label word.
 * Leading and trailing punctuation of a word is kept. Returns the same array when nothing changed.
 */
export function correctLabelWords(words: readonly Word[]): Word[] {
  const out: Word[] = [];
  let changed = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    const m = /^([^\p{L}]*)([\p{L}][\p{L}0-9|!]*[\p{L}])([^\p{L}]*)$/u.exec(w.text);
    // A split word: both pieces letters, close together, the first piece not a word of its own.
    if (next && m && !m[3]) {
      const n2 = /^([\p{L}][\p{L}0-9|!]*[\p{L}]|[\p{L}])([^\p{L}]*)$/u.exec(next.text);
      const gap = next.rect[0] - (w.rect[0] + w.rect[2]);
      if (n2 && gap < 0.6 * Math.max(w.rect[3], next.rect[3]) && !isLabelWord(m[2]!)) {
        const joined = `${m[2]}${n2[1]}`;
        const exact = LABEL_WORDS.find((x) => x.toLowerCase() === joined.toLowerCase());
        const fixed = exact ?? correctLabelWord(joined);
        if (fixed && fixed.length >= 7) {
          out.push({
            text: `${m[1]}${exact ? joined : fixed}${n2[2]}`,
            rect: union(w.rect, next.rect),
            confidence: Math.min(w.confidence, next.confidence),
          });
          changed = true;
          i++;
          continue;
        }
      }
    }
    const fixed = m ? correctLabelWord(m[2]!) : null;
    if (m && fixed) {
      out.push({ ...w, text: `${m[1]}${fixed}${m[3]}`, confidence: w.confidence * 0.9 });
      changed = true;
    } else out.push(w);
  }
  return changed ? out : (words as Word[]);
}

const LOWER = new Set(LABEL_WORDS.map((w) => w.toLowerCase()));
const isLabelWord = (s: string) => LOWER.has(s.toLowerCase());

function union(a: Word['rect'], b: Word['rect']): Word['rect'] {
  const x0 = Math.min(a[0], b[0]);
  const y0 = Math.min(a[1], b[1]);
  const x1 = Math.max(a[0] + a[2], b[0] + b[2]);
  const y1 = Math.max(a[1] + a[3], b[1] + b[3]);
  return [x0, y0, x1 - x0, y1 - y0];
}
