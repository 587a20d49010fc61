/**
 * Self-check of the fifth blind part without the extraction engine: generates blind5, reads each
 * text PDF with pdfjs-dist and checks that every truth value is printed in the family's form, the
 * tax arithmetic, the shares and the interest periods. Prints aggregate counts only.
 *   node --import tsx bench/notices/check-blind5.ts [--count 2] [--seed 1]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { generatePooledCorpus } from './generate.js';
import { blind5Format } from './pools-blind5.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const count = Number(arg('count') ?? 2);
const seed = Number(arg('seed') ?? 1);
const out = mkdtempSync(path.join(os.tmpdir(), 'check-blind5-'));
const cents = (s: unknown) => Math.round(Number(s) * 100);
let docs = 0;
let values = 0;
let found = 0;
let arithmetic = 0;
let arithmeticOk = 0;
const pages = new Map<number, number>();
const missingByField = new Map<string, number>();
try {
  const corpus = await generatePooledCorpus({ out, part: 'blind5', count, seed, scanEvery: 0 });
  for (const e of corpus) {
    docs++;
    const { layout, fields: t } = JSON.parse(readFileSync(e.truth, 'utf8')) as {
      layout: string;
      fields: Record<string, unknown>;
    };
    const pdf = await getDocument({ data: new Uint8Array(readFileSync(e.text)), verbosity: 0 }).promise;
    let text = '';
    for (let i = 1; i <= pdf.numPages; i++) {
      const c = await (await pdf.getPage(i)).getTextContent();
      text += ` ${c.items.map((x) => ('str' in x ? x.str : '')).join(' ')}`;
    }
    // pdf.js splits Courier lines into words: compare with runs of white space collapsed.
    text = text.replace(/\s+/g, ' ');
    pages.set(pdf.numPages, (pages.get(pdf.numPages) ?? 0) + 1);
    await pdf.destroy();
    const f = blind5Format(layout);
    const has = (field: string, s: string) => {
      values++;
      if (text.includes(s.replace(/\s+/g, ' '))) found++;
      else missingByField.set(field, (missingByField.get(field) ?? 0) + 1);
    };
    const money = (v: unknown) => f.money(Math.abs(cents(v)));
    for (const [k, v] of Object.entries(t)) {
      if (k === 'ags') continue; // resolvable from the name; printed ones are checked in the shares
      if (k === 'erhebungszeitraum' || k === 'hebesatz') has(k, String(v));
      else if (k === 'bescheid_datum' || k === 'faellig_am' || k === 'zinsen_von' || k === 'zinsen_bis')
        has(k, f.date(String(v)));
      else if (k === 'vorauszahlungen')
        for (const q of v as { betrag: string; faellig_am: string }[]) {
          has('vz.betrag', money(q.betrag));
          has('vz.faellig_am', f.date(q.faellig_am));
        }
      else if (k === 'zerlegungsanteile')
        for (const z of v as { gemeinde: string; ags: string | null; anteil: string }[]) {
          has('zerl.gemeinde', z.gemeinde);
          has('zerl.anteil', money(z.anteil));
        }
      else if (/^\d+\.\d\d$|^-\d+\.\d\d$/.test(String(v))) has(k, money(v));
      else has(k, String(v));
    }
    if (e.type === 'gewst_bescheid') {
      arithmetic += 2;
      if (cents(t.messbetrag) * Number(t.hebesatz) === cents(t.festgesetzte_steuer) * 100) arithmeticOk++;
      if (cents(t.festgesetzte_steuer) - cents(t.bisher_festgesetzt) === cents(t.abrechnung)) arithmeticOk++;
    }
    if (e.type === 'zerlegungsbescheid') {
      arithmetic++;
      const shares = (t.zerlegungsanteile as { anteil: string }[]).reduce((s, z) => s + cents(z.anteil), 0);
      // The total printed as the Messbetrag must be the sum of the shares.
      if (text.includes(f.money(shares))) arithmeticOk++;
    }
    if (typeof t.zinsen_von === 'string') {
      arithmetic++;
      if (t.zinsen_von < String(t.zinsen_bis)) arithmeticOk++;
    }
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
console.log(`blind5 --count ${count} --seed ${seed}: ${docs} text PDFs`);
console.log(`truth values printed in the family's form: ${found}/${values}`);
console.log(`arithmetic and period checks: ${arithmeticOk}/${arithmetic}`);
console.log(
  `pages: ${[...pages]
    .sort()
    .map(([p, k]) => `${k} × ${p}`)
    .join(', ')}`,
);
if (missingByField.size)
  console.log(`not found, by field: ${JSON.stringify(Object.fromEntries(missingByField))}`);
