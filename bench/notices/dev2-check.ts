/**
 * Self-check of the second development part (pools-dev2.ts) without the extraction engine:
 * every truth value appears in the PDF's text as printed (in one of the formats the families
 * print), the tax arithmetic holds, and Zerlegung shares sum to the printed Messbetrag.
 *   node --import tsx bench/notices/dev2-check.ts [--count 2] [--seed 1] [--show D01]
 */
import { parseArgs } from 'node:util';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { generatePooledNotice } from './generate.js';
import { TYPES } from './notice.js';
import { DEV2_FAMILIES, fmtDate, fmtMoney } from './pools-dev2.js';

const { values: opts } = parseArgs({
  options: {
    count: { type: 'string', default: '2' },
    seed: { type: 'string', default: '1' },
    show: { type: 'string' },
  },
});
const count = Number(opts.count);
const seed = Number(opts.seed);
const show = opts.show;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
  const out: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const c = await (await doc.getPage(i)).getTextContent();
    out.push(c.items.map((x) => ('str' in x ? x.str : '')).join(' '));
  }
  await doc.destroy();
  return out.join('\n');
}

const cents = (s: string) => Math.round(Number(s) * 100);
const moneyForms = (c: number) =>
  (['.', '', ' '] as const).map((th) => fmtMoney(Math.abs(c), { th, unit: '', neg: 'lead' }));
const dateForms = (iso: string) =>
  (['dd.mm.yyyy', 'd.m.yyyy', 'dd.mm.yy', 'long'] as const).map((d) => fmtDate(iso, d));

let problems = 0;
let checked = 0;
const fail = (id: string, msg: string) => {
  problems++;
  console.log(`${id}: ${msg}`);
};
const pages = new Map<string, number>();
for (let i = 0; i < count; i++)
  for (const [fi, fam] of DEV2_FAMILIES.entries())
    for (const type of TYPES) {
      const n = await generatePooledNotice('dev2', seed, type, fi, i);
      const text = await pdfText(n.pdf);
      const flat = text.replace(/\s+/g, ' ');
      const has = (forms: string[]) =>
        forms.some((f) => flat.includes(f) || flat.toUpperCase().includes(f.toUpperCase()));
      const t = n.truth as Record<string, unknown>;
      const id = n.id;
      if (show && fam.id.startsWith(show) && i === 0)
        console.log(`\n===== ${id}\n${text}\n${JSON.stringify(t)}`);
      pages.set(fam.id, Math.max(pages.get(fam.id) ?? 0, (text.match(/\n/g) ?? []).length + 1));
      for (const [k, v] of Object.entries(t)) {
        checked++;
        if (k === 'erhebungszeitraum' && !has([String(v)])) fail(id, `EZ ${v} not printed`);
        else if (
          ['bescheid_datum', 'faellig_am', 'zinsen_von', 'zinsen_bis'].includes(k) &&
          !has(dateForms(String(v)))
        )
          fail(id, `${k} ${v} not printed`);
        else if (
          [
            'messbetrag',
            'festgesetzte_steuer',
            'bisher_festgesetzt',
            'abrechnung',
            'zinsen',
            'rueckstand',
            'saeumniszuschlag',
            'gewerbeertrag',
            'freibetrag',
          ].includes(k) &&
          !has(moneyForms(cents(String(v))))
        )
          fail(id, `${k} ${v} not printed`);
        else if (k === 'hebesatz' && !has([String(v)])) fail(id, `hebesatz ${v} not printed`);
        else if (['kassenzeichen', 'steuernummer', 'gemeinde', 'bic'].includes(k) && !has([String(v)]))
          fail(id, `${k} ${v} not printed`);
        else if (
          k === 'iban' &&
          !has([
            String(v),
            String(v)
              .replace(/(.{4})/g, '$1 ')
              .trim(),
          ])
        )
          fail(id, `iban not printed`);
        else if (k === 'vorauszahlungen')
          for (const q of v as { betrag: string; faellig_am: string; jahr: number; quartal: number }[]) {
            if (!has(moneyForms(cents(q.betrag)))) fail(id, `vz betrag ${q.betrag} not printed`);
            const matrix = flat.includes('15.02.') && flat.includes('nächsten Werktag');
            if (!has(dateForms(q.faellig_am)) && !matrix) fail(id, `vz date ${q.faellig_am} not printed`);
            const day = new Date(`${q.faellig_am}T00:00:00Z`).getUTCDay();
            if (day === 0 || day === 6) fail(id, `vz date ${q.faellig_am} on a weekend`);
          }
        else if (k === 'zerlegungsanteile') {
          const rows = v as { gemeinde: string; ags: string | null; anteil: string }[];
          for (const z of rows) {
            if (!has([z.gemeinde])) fail(id, `zerlegung ${z.gemeinde} not printed`);
            if (!has(moneyForms(cents(z.anteil)))) fail(id, `zerlegung anteil ${z.anteil} not printed`);
          }
          const sum = rows.reduce((s, z) => s + cents(z.anteil), 0);
          if (!has(moneyForms(sum))) fail(id, `Messbetrag = sum of shares ${sum} not printed`);
        }
      }
      // Tax arithmetic.
      if ('festgesetzte_steuer' in t) {
        const mb = cents(String(t.messbetrag));
        if ((mb * Number(t.hebesatz)) / 100 !== cents(String(t.festgesetzte_steuer)))
          fail(id, 'MB x Hebesatz != Steuer');
        if (
          cents(String(t.festgesetzte_steuer)) - cents(String(t.bisher_festgesetzt)) !==
          cents(String(t.abrechnung))
        )
          fail(id, 'Steuer - bisher != Abrechnung');
      }
      if (t.vorauszahlungen && t.hebesatz) {
        const annual = (cents(String(t.messbetrag)) * Number(t.hebesatz)) / 100;
        for (const q of t.vorauszahlungen as { betrag: string }[])
          if (type === 'vorauszahlungsbescheid' && cents(q.betrag) !== Math.floor(annual / 400) * 100)
            fail(id, `VZ ${q.betrag} != floor(${annual / 100} / 4)`);
      }
      if (t.zinsen_von && t.zinsen_bis && String(t.zinsen_von) >= String(t.zinsen_bis))
        fail(id, 'interest period ends before it begins');
      if (type === 'messbescheid') {
        const ge = cents(String(t.gewerbeertrag));
        const mb =
          Math.floor(((Math.floor(ge / 10000) * 10000 - cents(String(t.freibetrag))) * 0.035) / 100) * 100;
        if (mb !== cents(String(t.messbetrag))) fail(id, `Messbetrag ${t.messbetrag} != 3.5 % of ${ge}`);
      }
    }
console.log(
  `dev2 self-check: ${checked} truth values in ${count * DEV2_FAMILIES.length * TYPES.length} notices, ${problems} problems`,
);
console.log(`max pages/family: ${[...pages].map(([f, p]) => `${f.slice(0, 3)} ${p}`).join(', ')}`);
if (problems) process.exitCode = 1;
