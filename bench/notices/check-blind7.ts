/**
 * The blind7 author's self-check, without the extraction engine: every notice goes through
 * poppler's `pdftotext -layout`; every truth value must be printed in one of the forms the blind7
 * families use, and the truth must obey the tax arithmetic (Messbetrag × Hebesatz / 100 = Steuer,
 * Steuer − bisher = Abrechnung with a due date exactly for a back payment, quarterly amount =
 * floor(annual / 4) in full euros, 3.5 % of the rounded Gewerbeertrag less the Freibetrag, shares
 * summing to the printed Messbetrag, the legal first interest day, interest ending on the
 * Bekanntgabe, in full euros ≥ 10 €, surcharges in whole steps of 1 % of the arrears rounded down
 * to 50 €, no due date on a weekend). Prints aggregate counts only (a blind part is not looked at
 * per file).
 *   node --import tsx bench/notices/check-blind7.ts [--count 2] [--seed 1]
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePooledNotice } from './generate.js';
import { TYPES } from './notice.js';
import {
  B7_DATE_FORMS,
  b7Bekanntgabe,
  b7Date,
  b7InterestStart,
  b7Num,
  BLIND7_FAMILIES,
} from './pools-blind7.js';

const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const count = Number(option('count', '2'));
const seed = Number(option('seed', '1'));
const dir = fs.mkdtempSync(join(tmpdir(), 'blind7-check-'));

const cents = (x: unknown) => Math.round(Number(x) * 100);
const moneyForms = (c: number) =>
  ['.', ' ', ''].flatMap((th) => [b7Num(c, th), ...(c % 100 === 0 ? [b7Num(c, th, true)] : [])]);
const dateForms = (iso: string) => B7_DATE_FORMS.map((f) => b7Date(iso, f));
const isWeekend = (iso: string) => [0, 6].includes(new Date(`${iso}T00:00:00Z`).getUTCDay());
const AMOUNTS = new Set([
  'messbetrag',
  'festgesetzte_steuer',
  'bisher_festgesetzt',
  'abrechnung',
  'zinsen',
  'rueckstand',
  'saeumniszuschlag',
  'gewerbeertrag',
  'freibetrag',
]);
const DATES = new Set(['bescheid_datum', 'faellig_am', 'zinsen_von', 'zinsen_bis']);
type Vz = { jahr: number; quartal: number; betrag: string; faellig_am: string };
type Share = { gemeinde: string; ags: string | null; anteil: string };

/** 3.5 % of the Gewerbeertrag rounded down to 100 € less the Freibetrag, in whole euros (cents). */
const messbetragOf = (t: Record<string, unknown>) => {
  const base = Math.floor(cents(t.gewerbeertrag) / 10000) * 10000 - cents(t.freibetrag);
  return Math.floor((base * 35) / 100000) * 100;
};
/** Interest: the legal first day, forward, ending on the Bekanntgabe, full euros ≥ 10 €. */
const interestRules = (t: Record<string, unknown>): [boolean, boolean, string][] => {
  const on = typeof t.zinsen_von === 'string';
  const von = String(t.zinsen_von);
  const bis = String(t.zinsen_bis);
  const z = cents(t.zinsen);
  return [
    [on, von !== b7InterestStart(Number(t.erhebungszeitraum)), 'interest does not start on the legal day'],
    [on, von >= bis, 'interest period runs backwards'],
    [on, bis !== b7Bekanntgabe(String(t.bescheid_datum)), 'interest does not end on the Bekanntgabe'],
    [on, z % 100 !== 0 || z < 1000, 'interest not in full euros or below 10 €'],
  ];
};

let problems = 0;
let values = 0;
let checks = 0;
let notices = 0;
const pages: number[] = [];
const kinds = new Map<string, number>();
try {
  for (let i = 0; i < count; i++)
    for (const [fi, fam] of BLIND7_FAMILIES.entries())
      for (const type of TYPES) {
        const n = await generatePooledNotice('blind7', seed, type, fi, i);
        notices++;
        const file = join(dir, `k${notices}.pdf`);
        fs.writeFileSync(file, n.pdf);
        const raw = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
        pages.push(raw.split('\f').length - 1);
        const flat = raw.replace(/\s+/g, ' ');
        const has = (forms: string[]) => forms.some((x) => flat.includes(x));
        const fail = (what: string) => {
          problems++;
          kinds.set(what, (kinds.get(what) ?? 0) + 1);
        };
        const t = n.truth;
        for (const [k, v] of Object.entries(t)) {
          values++;
          if (k === 'ags') continue; // resolved from name and postcode (reference data), printed or not
          if (AMOUNTS.has(k)) {
            if (!has(moneyForms(Math.abs(cents(v))))) fail(`${k} not printed`);
          } else if (DATES.has(k)) {
            if (!has(dateForms(String(v)))) fail(`${k} not printed`);
          } else if (k === 'iban') {
            const s = String(v);
            if (!has([s, s.replace(/(.{4})/g, '$1 ').trim()])) fail('iban not printed');
          } else if (k === 'vorauszahlungen') {
            for (const q of v as Vz[]) {
              if (!has(moneyForms(cents(q.betrag)))) fail('prepayment amount not printed');
              if (!has(dateForms(q.faellig_am))) fail('prepayment date not printed');
            }
          } else if (k === 'zerlegungsanteile') {
            const rows = v as Share[];
            for (const z of rows) {
              if (!has([z.gemeinde])) fail('Zerlegung municipality not printed');
              if (!has(moneyForms(cents(z.anteil)))) fail('share not printed');
              if (fam.printsAgs && z.ags && !flat.includes(z.ags)) fail('Zerlegung AGS not printed');
            }
            checks++;
            if (!has(moneyForms(rows.reduce((s, z) => s + cents(z.anteil), 0))))
              fail('sum of shares not printed as the Messbetrag');
          } else if (!has([String(v)])) fail(`${k} not printed`);
        }
        if ('gemeinde' in t) {
          checks++;
          if (!flat.includes(String(t.gemeinde))) fail('municipality not printed');
        }
        if ('festgesetzte_steuer' in t) {
          checks += 3;
          if ((cents(t.messbetrag) * Number(t.hebesatz)) / 100 !== cents(t.festgesetzte_steuer))
            fail('Messbetrag x Hebesatz / 100 != Steuer');
          if (cents(t.festgesetzte_steuer) - cents(t.bisher_festgesetzt) !== cents(t.abrechnung))
            fail('Steuer - bisher != Abrechnung');
          if (cents(t.abrechnung) > 0 !== 'faellig_am' in t) fail('due date without a back payment, or none');
        }
        if (Array.isArray(t.vorauszahlungen)) {
          const annual =
            'hebesatz' in t ? (cents(t.messbetrag) * Number(t.hebesatz)) / 100 : Number.POSITIVE_INFINITY;
          for (const q of t.vorauszahlungen as Vz[]) {
            checks += 3;
            if (Number.isFinite(annual) && cents(q.betrag) !== Math.floor(annual / 400) * 100)
              fail('prepayment != floor(annual / 4)');
            if (Number(q.faellig_am.slice(0, 4)) !== q.jahr) fail('prepayment not in its year');
            if (isWeekend(q.faellig_am)) fail('prepayment due on a weekend');
          }
        }
        const rules: [boolean, boolean, string][] = [
          [
            type === 'messbescheid',
            cents(t.messbetrag) !== messbetragOf(t),
            'Messbetrag != 3.5 % of the rest',
          ],
          ...interestRules(t),
        ];
        for (const [applies, wrong, what] of rules)
          if (applies) {
            checks++;
            if (wrong) fail(what);
          }
        if (typeof t.faellig_am === 'string') {
          checks++;
          if (isWeekend(t.faellig_am)) fail('due date on a weekend');
        }
        if (type === 'mahnung') {
          checks += 2;
          const step = Math.floor(cents(t.rueckstand) / 5000) * 50;
          if (!step || cents(t.saeumniszuschlag) % step || cents(t.saeumniszuschlag) === 0)
            fail('surcharge is no whole number of 1 % steps');
          if (String(t.faellig_am) <= String(t.bescheid_datum)) fail('deadline not after the reminder');
        }
        if (type === 'sonstiges' && 'erhebungszeitraum' in t) {
          checks++;
          if (!flat.includes(String(t.erhebungszeitraum))) fail('year of a letter not printed');
        }
      }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(
  `blind7 self-check (pdftotext -layout, seed ${seed}, count ${count}): ${values} truth values and ${checks} arithmetic checks in ${notices} notices, ${problems} problems`,
);
console.log(
  `notices with 1/2/3+ pages: ${[1, 2, 3].map((k) => pages.filter((p) => (k < 3 ? p === k : p >= k)).length).join('/')}`,
);
// Kinds of problems only (no file, family or value): what to mend, not where.
for (const [k, v] of kinds) console.log(`  ${v} × ${k}`);
if (problems) process.exitCode = 1;
