/**
 * Self-check of the fourth development part (pools-dev4.ts) without the extraction engine: every
 * notice goes through poppler's `pdftotext`; every truth value must be printed in one of the forms
 * the dev4 families use, and the truth must obey the tax arithmetic — Messbetrag × Hebesatz / 100 =
 * Steuer, Steuer − bisher = Abrechnung (a due date exactly for a back payment), quarterly amount =
 * floor(annual / 4) in full euros, 3.5 % of the rounded Gewerbeertrag less the Freibetrag, shares
 * summing to the printed Messbetrag, the legal first interest day, interest in full euros ≥ 10 €,
 * surcharges in whole steps of 1 % of the arrears rounded down to 50 €, no prepayment on a weekend.
 *   node --import tsx bench/notices/dev4-check.ts [--count 2] [--seed 1] [--show G03] [--keep dir]
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generatePooledNotice } from './generate.js';
import { TYPES } from './notice.js';
import { DEV4_FAMILIES, G4_DATE_FORMS, g4Date, g4InterestStart, g4Number } from './pools-dev4.js';

/** `--name value` from the command line. */
const option = (name: string, fallback?: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const opt = {
  count: option('count', '2'),
  seed: option('seed', '1'),
  show: option('show'),
  keep: option('keep'),
};
const workDir = opt.keep ? resolve(opt.keep) : fs.mkdtempSync(join(tmpdir(), 'dev4-check-'));
fs.mkdirSync(workDir, { recursive: true });

const cents = (x: unknown) => Math.round(Number(x) * 100);
/** Printed forms of an amount's absolute value: grouped by dot, space or nothing, with or without cents. */
const moneyForms = (c: number, whole = false) =>
  ['.', ' ', ''].flatMap((th) => [
    g4Number(c, th),
    ...(whole && c % 100 === 0 ? [g4Number(c, th, true)] : []),
  ]);
const dateForms = (iso: string) => G4_DATE_FORMS.map((f) => g4Date(iso, f));
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
const DATE_FIELDS = new Set(['bescheid_datum', 'faellig_am', 'zinsen_von', 'zinsen_bis']);
type Vz = { jahr: number; quartal: number; betrag: string; faellig_am: string };
type Share = { gemeinde: string; ags: string | null; anteil: string };

let problems = 0;
let checked = 0;
let arithmetic = 0;
let notices = 0;
const pagesPerFamily = new Map<string, number[]>();
try {
  for (let i = 0; i < Number(opt.count); i++)
    for (const [fi, fam] of DEV4_FAMILIES.entries())
      for (const type of TYPES) {
        const n = await generatePooledNotice('dev4', Number(opt.seed), type, fi, i);
        notices++;
        const file = join(workDir, `${n.id}.pdf`);
        fs.writeFileSync(file, n.pdf);
        const raw = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
        const flat = raw.replace(/\s+/g, ' ');
        const has = (forms: string[]) => forms.some((x) => flat.includes(x));
        const fail = (msg: string) => {
          problems++;
          console.log(`${n.id}: ${msg}`);
        };
        const t = n.truth;
        if (opt.show && fam.id.startsWith(opt.show) && i === 0)
          console.log(`\n== ${n.id}\n${raw}\n${JSON.stringify(t)}`);
        const fam3 = fam.id.slice(0, 3);
        pagesPerFamily.set(fam3, [...(pagesPerFamily.get(fam3) ?? []), raw.split('\f').length - 1]);
        for (const [k, v] of Object.entries(t)) {
          checked++;
          if (k === 'ags') continue; // resolved from name, postcode or bank (reference data), printed or not
          if (AMOUNTS.has(k)) {
            if (!has(moneyForms(Math.abs(cents(v)), k === 'messbetrag')))
              fail(`${k} ${String(v)} not printed`);
          } else if (DATE_FIELDS.has(k)) {
            if (!has(dateForms(String(v)))) fail(`${k} ${String(v)} not printed`);
          } else if (k === 'iban') {
            if (
              !has([
                String(v),
                String(v)
                  .replace(/(.{4})/g, '$1 ')
                  .trim(),
              ])
            )
              fail('iban not printed');
          } else if (k === 'vorauszahlungen') {
            for (const q of v as Vz[]) {
              if (!has(moneyForms(cents(q.betrag)))) fail(`prepayment ${q.betrag} not printed`);
              if (!has(dateForms(q.faellig_am))) fail(`prepayment date ${q.faellig_am} not printed`);
              const wd = new Date(`${q.faellig_am}T00:00:00Z`).getUTCDay();
              if (wd === 0 || wd === 6) fail(`prepayment due ${q.faellig_am} on a weekend`);
            }
          } else if (k === 'zerlegungsanteile') {
            const rows = v as Share[];
            for (const z of rows) {
              if (!has([z.gemeinde])) fail(`municipality ${z.gemeinde} not printed`);
              if (!has(moneyForms(cents(z.anteil)))) fail(`share ${z.anteil} not printed`);
              if (fam.zerlAgs && z.ags && !flat.includes(z.ags)) fail(`AGS ${z.ags} not printed`);
            }
            const sum = rows.reduce((s, z) => s + cents(z.anteil), 0);
            arithmetic++;
            if (!has(moneyForms(sum))) fail(`sum of shares ${sum} not printed`);
          } else if (!has([String(v)])) fail(`${k} ${String(v)} not printed`);
        }
        if ('festgesetzte_steuer' in t) {
          arithmetic += 3;
          if ((cents(t.messbetrag) * Number(t.hebesatz)) / 100 !== cents(t.festgesetzte_steuer))
            fail('Messbetrag x Hebesatz / 100 != Steuer');
          if (cents(t.festgesetzte_steuer) - cents(t.bisher_festgesetzt) !== cents(t.abrechnung))
            fail('Steuer - bisher != Abrechnung');
          if (cents(t.abrechnung) > 0 !== 'faellig_am' in t)
            fail('due date without a back payment (or none)');
        }
        if ('vorauszahlungen' in t && 'hebesatz' in t) {
          const annual = (cents(t.messbetrag) * Number(t.hebesatz)) / 100;
          for (const q of t.vorauszahlungen as Vz[]) {
            arithmetic++;
            if (cents(q.betrag) !== Math.floor(annual / 400) * 100)
              fail(`prepayment ${q.betrag} != floor(${annual} / 4)`);
            if (Number(q.faellig_am.slice(0, 4)) !== q.jahr)
              fail(`prepayment ${q.faellig_am} not in ${q.jahr}`);
          }
        }
        if (type === 'messbescheid') {
          arithmetic++;
          const rest = Math.floor(cents(t.gewerbeertrag) / 10000) * 10000 - cents(t.freibetrag);
          if (Math.floor((rest * 0.035) / 100) * 100 !== cents(t.messbetrag))
            fail('Messbetrag != 3.5 % of the rest');
        }
        if (t.zinsen_von) {
          arithmetic += 3;
          if (t.zinsen_von !== g4InterestStart(Number(t.erhebungszeitraum)))
            fail('interest does not start on the legal day');
          if (String(t.zinsen_von) >= String(t.zinsen_bis)) fail('interest period runs backwards');
          if (cents(t.zinsen) % 100 || cents(t.zinsen) < 1000)
            fail('interest not in full euros or below 10 €');
        }
        if (type === 'mahnung') {
          arithmetic++;
          const step = Math.floor(cents(t.rueckstand) / 5000) * 50;
          if (!step || cents(t.saeumniszuschlag) % step) fail('surcharge is no whole number of 1 % steps');
          if (String(t.faellig_am) <= String(t.bescheid_datum)) fail('payment deadline before the reminder');
        }
      }
} finally {
  if (!opt.keep) fs.rmSync(workDir, { recursive: true, force: true });
}
console.log(
  `dev4 self-check (pdftotext): ${checked} truth values and ${arithmetic} arithmetic checks in ${notices} notices, ${problems} problems`,
);
console.log(
  `pages per family (max): ${[...pagesPerFamily].map(([f, p]) => `${f} ${Math.max(...p)}`).join(', ')}; ` +
    `notices with 1/2/3+ pages: ${[1, 2, 3].map((k) => [...pagesPerFamily.values()].flat().filter((p) => (k < 3 ? p === k : p >= k)).length).join('/')}`,
);
if (problems) process.exitCode = 1;
