/**
 * Self-check of the third development part (pools-dev3.ts), without the extraction engine: each
 * notice goes through poppler's `pdftotext`, and every truth value must be printed in one of the
 * forms the dev3 families use; the tax arithmetic of the truth must hold (Messbetrag × Hebesatz,
 * Steuer − bisher, quarterly amounts, the 3.5 % Messzahl, shares summing to the printed total) and
 * no prepayment may fall due on a weekend.
 *   node --import tsx bench/notices/dev3-check.ts [--count 2] [--seed 1] [--show E03] [--keep dir]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generatePooledNotice } from './generate.js';
import { TYPES } from './notice.js';
import { DEV3_FAMILIES, type Dev3Date, dev3Date, groupEuros } from './pools-dev3.js';

const { values: o } = parseArgs({
  options: {
    count: { type: 'string', default: '2' },
    seed: { type: 'string', default: '1' },
    show: { type: 'string' },
    keep: { type: 'string' },
  },
});
const dir = o.keep ? path.resolve(o.keep) : mkdtempSync(path.join(os.tmpdir(), 'dev3-check-'));
mkdirSync(dir, { recursive: true });

const toCents = (x: unknown) => Math.round(Number(x) * 100);
/** Every printed form of an amount's absolute value (the sign may be a word: "Erstattung"). */
const amountForms = (c: number) =>
  ['.', ' ', '', "'"].flatMap((th) => [groupEuros(c, th), groupEuros(c, th, true)]);
const DATE_FORMS: Dev3Date[] = ['dd.mm.yyyy', 'd.m.yyyy', 'dd.mm.yy', 'long', 'abbr'];
const dateForms = (iso: string) => DATE_FORMS.map((f) => dev3Date(iso, f));
const MONEY = new Set([
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

let problems = 0;
let values = 0;
let notices = 0;
const pages = new Map<string, number>();
try {
  for (let i = 0; i < Number(o.count); i++)
    for (const [fi, fam] of DEV3_FAMILIES.entries())
      for (const type of TYPES) {
        const n = await generatePooledNotice('dev3', Number(o.seed), type, fi, i);
        notices++;
        const file = path.join(dir, `${n.id}.pdf`);
        writeFileSync(file, n.pdf);
        const raw = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
        const text = raw.replace(/\s+/g, ' ');
        const upper = text.toUpperCase();
        const printed = (forms: string[]) =>
          forms.some((x) => text.includes(x) || upper.includes(x.toUpperCase()));
        const bad = (msg: string) => {
          problems++;
          console.log(`${n.id}: ${msg}`);
        };
        const t = n.truth;
        if (o.show && fam.id.startsWith(o.show) && i === 0)
          console.log(`\n== ${n.id}\n${raw}\n${JSON.stringify(t)}`);
        pages.set(
          fam.id.slice(0, 3),
          Math.max(pages.get(fam.id.slice(0, 3)) ?? 0, raw.split('\f').length - 1),
        );
        for (const [k, v] of Object.entries(t)) {
          values++;
          if (k === 'ags') continue; // resolved from the name and postcode (reference data), printed or not
          if (MONEY.has(k)) {
            if (!printed(amountForms(Math.abs(toCents(v))))) bad(`${k} ${String(v)} not printed`);
          } else if (DATES.has(k)) {
            if (!printed(dateForms(String(v)))) bad(`${k} ${String(v)} not printed`);
          } else if (k === 'iban') {
            if (
              !printed([
                String(v),
                String(v)
                  .replace(/(.{4})/g, '$1 ')
                  .trim(),
              ])
            )
              bad('iban not printed');
          } else if (k === 'vorauszahlungen') {
            for (const q of v as { jahr: number; quartal: number; betrag: string; faellig_am: string }[]) {
              if (!printed(amountForms(toCents(q.betrag)))) bad(`vz ${q.betrag} not printed`);
              if (!printed(dateForms(q.faellig_am))) bad(`vz date ${q.faellig_am} not printed`);
              const wd = new Date(`${q.faellig_am}T00:00:00Z`).getUTCDay();
              if (wd === 0 || wd === 6) bad(`vz date ${q.faellig_am} on a weekend`);
              if (Number(q.faellig_am.slice(0, 4)) !== q.jahr) bad(`vz ${q.faellig_am} not in ${q.jahr}`);
            }
          } else if (k === 'zerlegungsanteile') {
            const rows = v as { gemeinde: string; ags: string | null; anteil: string }[];
            for (const z of rows) {
              if (!printed([z.gemeinde])) bad(`zerlegung ${z.gemeinde} not printed`);
              if (!printed(amountForms(toCents(z.anteil)))) bad(`share ${z.anteil} not printed`);
            }
            const sum = rows.reduce((s, z) => s + toCents(z.anteil), 0);
            if (!printed(amountForms(sum))) bad(`sum of shares ${sum} not printed`);
          } else if (!printed([String(v)])) bad(`${k} ${String(v)} not printed`);
        }
        // The arithmetic every notice obeys.
        if ('festgesetzte_steuer' in t) {
          if ((toCents(t.messbetrag) * Number(t.hebesatz)) / 100 !== toCents(t.festgesetzte_steuer))
            bad('Messbetrag x Hebesatz / 100 != Steuer');
          if (toCents(t.festgesetzte_steuer) - toCents(t.bisher_festgesetzt) !== toCents(t.abrechnung))
            bad('Steuer - bisher != Abrechnung');
          if (toCents(t.abrechnung) > 0 !== 'faellig_am' in t)
            bad('due date without an amount to pay (or none)');
        }
        if (type === 'vorauszahlungsbescheid' && 'hebesatz' in t) {
          const annual = (toCents(t.messbetrag) * Number(t.hebesatz)) / 100;
          for (const q of t.vorauszahlungen as { betrag: string }[])
            if (toCents(q.betrag) !== Math.floor(annual / 400) * 100)
              bad(`VZ ${q.betrag} != floor(${annual} / 4)`);
        }
        if (type === 'messbescheid') {
          const base = Math.floor(toCents(t.gewerbeertrag) / 10000) * 10000 - toCents(t.freibetrag);
          if (Math.floor((base * 0.035) / 100) * 100 !== toCents(t.messbetrag))
            bad('Messbetrag != 3.5 % of the base');
        }
        if (t.zinsen_von && String(t.zinsen_von) >= String(t.zinsen_bis))
          bad('interest period ends before it begins');
      }
} finally {
  if (!o.keep) rmSync(dir, { recursive: true, force: true });
}
console.log(
  `dev3 self-check (pdftotext): ${values} truth values in ${notices} notices, ${problems} problems`,
);
console.log(`pages (max per family): ${[...pages].map(([f, p]) => `${f} ${p}`).join(', ')}`);
if (problems) process.exitCode = 1;
