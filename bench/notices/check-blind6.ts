/**
 * Self-check of the sixth blind part without the extraction engine: generates blind6, reads each
 * text PDF with poppler's `pdftotext` and checks that every truth value is printed in one of the
 * family's forms, plus the tax arithmetic, the shares, the interest periods and the prepayment
 * schedule. Prints aggregate counts only (nothing of a single file).
 *   node --import tsx bench/notices/check-blind6.ts [--count 2] [--seed 1]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generatePooledCorpus } from './generate.js';
import { blind6Format } from './pools-blind6.js';

const { values: opts } = parseArgs({
  options: { count: { type: 'string' }, seed: { type: 'string' }, verbose: { type: 'boolean' } },
});
const count = Number(opts.count ?? 2);
const seed = Number(opts.seed ?? 1);
const verbose = opts.verbose ?? false;
const out = mkdtempSync(path.join(os.tmpdir(), 'check-blind6-'));
const cents = (s: unknown) => Math.round(Number(s) * 100);
let docs = 0;
let values = 0;
let found = 0;
let checks = 0;
let checksOk = 0;
const pages = new Map<number, number>();
const missing = new Map<string, number>();
const failed = new Map<string, number>();
try {
  const corpus = await generatePooledCorpus({ out, part: 'blind6', count, seed, scanEvery: 0 });
  for (const e of corpus) {
    docs++;
    const truthFile: { layout: string; fields: Record<string, unknown> } = JSON.parse(
      readFileSync(e.truth, 'utf8'),
    );
    const { layout, fields: t } = truthFile;
    const raw = execFileSync('pdftotext', ['-layout', e.text, '-'], { encoding: 'utf8' });
    const n = raw.split('\f').filter((p) => p.trim()).length;
    pages.set(n, (pages.get(n) ?? 0) + 1);
    const text = raw.replace(/\s+/g, ' ');
    const flat = text.replace(/\s/g, '');
    const f = blind6Format(layout);
    const has = (field: string, forms: string[]) => {
      values++;
      if (forms.some((s) => text.includes(s) || flat.includes(s.replace(/\s/g, '')))) found++;
      else {
        missing.set(
          `${layout.slice(0, 3)} ${e.type} ${field}`,
          (missing.get(`${layout.slice(0, 3)} ${e.type} ${field}`) ?? 0) + 1,
        );
        if (verbose) console.log(`missing ${e.id} ${field}: ${forms.join(' | ')}`);
      }
    };
    const check = (name: string, ok: boolean) => {
      checks++;
      if (ok) checksOk++;
      else failed.set(name, (failed.get(name) ?? 0) + 1);
    };
    const date = (v: unknown) => f.dates.map((d) => d(String(v)));
    const money = (v: unknown) => [f.num(Math.abs(cents(v)))];
    for (const [k, v] of Object.entries(t)) {
      if (k === 'ags') {
        // Resolvable from the name and the postcode printed with it (letterhead, address).
        has('gemeinde (for ags)', [String(t.gemeinde)]);
        continue;
      }
      if (k === 'erhebungszeitraum' || k === 'hebesatz') has(k, [String(v)]);
      else if (['bescheid_datum', 'faellig_am', 'zinsen_von', 'zinsen_bis'].includes(k)) has(k, date(v));
      else if (k === 'vorauszahlungen') {
        const list = v as { jahr: number; quartal: number; betrag: string; faellig_am: string }[];
        for (const q of list) {
          has('vz.betrag', [...money(q.betrag), `${f.num(cents(q.betrag)).replace(/,00$/, '')},-`]);
          has('vz.faellig_am', date(q.faellig_am));
          check('vz: quarter of the due date', Math.ceil(Number(q.faellig_am.slice(5, 7)) / 3) === q.quartal);
          check('vz: due date 15th or the next working day', /-(1[5-9])$/.test(q.faellig_am));
        }
        if (e.type === 'vorauszahlungsbescheid' || e.type === 'gewst_bescheid') {
          const tax = cents(t.messbetrag) * Number(t.hebesatz);
          // A Vorauszahlungsbescheid's quarter is floor(tax / 4) of its own figures.
          if (e.type === 'vorauszahlungsbescheid')
            check(
              'vz: quarter = floor(tax / 4)',
              list.every((q) => cents(q.betrag) === Math.floor(tax / 40000) * 100),
            );
        }
      } else if (k === 'zerlegungsanteile') {
        const list = v as { gemeinde: string; ags: string | null; anteil: string }[];
        for (const z of list) {
          has('zerl.gemeinde', [z.gemeinde]);
          has('zerl.anteil', money(z.anteil));
          if (z.ags && layout.match(/^F6[02]/)) has('zerl.ags', [z.ags]);
        }
        const sum = list.reduce((s, z) => s + cents(z.anteil), 0);
        check('zerl: shares sum printed as the Messbetrag', text.includes(f.num(sum)));
      } else if (/^-?\d+\.\d\d$/.test(String(v))) has(k, money(v));
      else if (k === 'iban') has(k, [String(v)]);
      else has(k, [String(v)]);
    }
    if (e.type === 'gewst_bescheid') {
      check(
        'tax = MB x Hebesatz / 100',
        cents(t.messbetrag) * Number(t.hebesatz) === cents(t.festgesetzte_steuer) * 100,
      );
      check(
        'abrechnung = tax - bisher',
        cents(t.festgesetzte_steuer) - cents(t.bisher_festgesetzt) === cents(t.abrechnung),
      );
      check('faellig_am only for a back payment', cents(t.abrechnung) > 0 === 'faellig_am' in t);
    }
    if (typeof t.zinsen_von === 'string') {
      check('interest period forward', t.zinsen_von < String(t.zinsen_bis));
      check('interest >= 10 EUR, full euros', cents(t.zinsen) >= 1000 && cents(t.zinsen) % 100 === 0);
      check('interest period ends after the letter date', String(t.zinsen_bis) > String(t.bescheid_datum));
    }
    if (e.type === 'mahnung')
      check(
        'surcharge multiple of 1 % of arrears rounded to 50',
        cents(t.saeumniszuschlag) % (Math.floor(cents(t.rueckstand) / 5000) * 50) === 0,
      );
    // Every type except sonstiges prints its legal basis or its title words.
    check('the letter is not empty', text.length > 400);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
console.log(`blind6 --count ${count} --seed ${seed}: ${docs} text PDFs`);
console.log(`truth values printed in one of the family's forms: ${found}/${values}`);
console.log(`arithmetic, schedule and period checks: ${checksOk}/${checks}`);
console.log(
  `pages: ${[...pages]
    .sort((a, b) => a[0] - b[0])
    .map(([p, k]) => `${k} x ${p}`)
    .join(', ')}`,
);
if (missing.size)
  console.log(`not found (family, type, field): ${JSON.stringify(Object.fromEntries(missing))}`);
if (failed.size) console.log(`failed checks: ${JSON.stringify(Object.fromEntries(failed))}`);
console.log(
  values - found + checks - checksOk === 0 ? '0 problems' : `${values - found + checks - checksOk} problems`,
);
