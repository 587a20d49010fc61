/**
 * Self-check of the fifth development part (pools-dev5.ts) without the extraction engine: every
 * notice at the given count and seed goes through poppler's `pdftotext -layout`, and every truth
 * value must be printed in one of the forms the H families use; the truth must obey the tax
 * arithmetic (tax = MB × Hebesatz / 100, Abrechnung, quarters = floor(annual / 4) on the 15th moved
 * off weekends, § 233a interest by full months, Zerlegung shares by largest remainder, § 240 AO).
 *   node --import tsx bench/notices/dev5-check.ts [--count 2] [--seed 1] [--show H03] [--keep DIR]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateDev5Notice } from './generate.js';
import { TYPES } from './notice.js';
import { DEV5_FAMILIES, dt5, fullMonths5, workday5, zins5 } from './pools-dev5.js';

const opt = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const count = Number(opt('count') ?? 2);
const seed = Number(opt('seed') ?? 1);
const show = opt('show');
const keep = opt('keep');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'dev5-check-'));
if (keep) mkdirSync(keep, { recursive: true });

const cents = (v: unknown) => Math.round(Number(v) * 100);
function moneyForms(v: string): string[] {
  const c = cents(v);
  const a = Math.abs(c);
  const e = Math.floor(a / 100);
  const ct = String(a % 100).padStart(2, '0');
  const grouped = String(e).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const bases = [`${grouped},${ct}`, `${e},${ct}`];
  return c < 0 ? bases.flatMap((b) => [`-${b}`, `${b}-`, b]) : bases;
}
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const hasNumber = (text: string, form: string) => new RegExp(`(?<![\\d.,])${esc(form)}(?![\\d])`).test(text);
const hasMoney = (text: string, v: unknown) => moneyForms(String(v)).some((f) => hasNumber(text, f));
const hasDate = (text: string, iso: unknown) =>
  (['num', 'long', 'short'] as const).some((s) => hasNumber(text, dt5(String(iso), s)));

let problems = 0;
let notices = 0;
let values = 0;
const problem = (id: string, msg: string) => {
  problems++;
  console.log(`${id}: ${msg}`);
};

function largestRemainder(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let rest = total - out.reduce((s, x) => s + x, 0);
  for (const [, i] of exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0])) {
    if (rest-- <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
  }
  return out;
}

for (let i = 0; i < count; i++) {
  for (const [fi, fam] of DEV5_FAMILIES.entries()) {
    for (const type of TYPES) {
      const n = await generateDev5Notice(seed, type, fi, i);
      notices++;
      const file = path.join(keep ?? tmp, `${n.id}.pdf`);
      writeFileSync(file, n.pdf);
      const raw = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      const text = raw.replace(/\s+/g, ' ');
      const t = n.truth;
      const d = n.data;
      if (show && n.id.includes(show)) {
        console.log(`==== ${n.id}\n${raw}\n${JSON.stringify(t, null, 2)}`);
      }
      for (const [k, v] of Object.entries(t)) {
        values++;
        let ok: boolean;
        if (
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
          ].includes(k)
        )
          ok = hasMoney(text, v);
        else if (['bescheid_datum', 'faellig_am', 'zinsen_von', 'zinsen_bis'].includes(k))
          ok = hasDate(text, v);
        else if (k === 'hebesatz')
          ok = new RegExp(`(?<!\\d)${v}\\s*(v\\. H\\.|%)|Hebesatz\\b.{0,80}(?<![\\d.,])${v}(?![\\d,])`).test(
            text,
          );
        else if (k === 'iban')
          ok =
            text.includes(String(v)) ||
            text.includes(
              String(v)
                .replace(/(.{4})/g, '$1 ')
                .trim(),
            );
        else if (k === 'vorauszahlungen') {
          const vz = v as { jahr: number; quartal: number; betrag: string; faellig_am: string }[];
          ok = vz.every(
            (q) => hasMoney(text, q.betrag) && hasDate(text, q.faellig_am) && text.includes(String(q.jahr)),
          );
        } else if (k === 'zerlegungsanteile') {
          const zs = v as { gemeinde: string; ags: string | null; anteil: string }[];
          ok = zs.every(
            (z) =>
              text.includes(z.gemeinde) &&
              hasMoney(text, z.anteil) &&
              (!fam.printsAgs || text.includes(String(z.ags))),
          );
        } else if (k === 'ags')
          ok = v === d.gemeinde.ags; // the issuer's: resolvable from name and postcode
        else ok = text.includes(String(v));
        if (!ok) problem(n.id, `${k} = ${JSON.stringify(v)} not printed`);
      }
      // Arithmetic.
      if ('festgesetzte_steuer' in t || type === 'vorauszahlungsbescheid') {
        const annual = (cents(t.messbetrag) * Number(t.hebesatz)) / 100;
        if ('festgesetzte_steuer' in t && cents(t.festgesetzte_steuer) !== annual)
          problem(n.id, 'tax ≠ MB × Hebesatz');
        if (
          'abrechnung' in t &&
          cents(t.abrechnung) !== cents(t.festgesetzte_steuer) - cents(t.bisher_festgesetzt)
        )
          problem(n.id, 'Abrechnung ≠ tax − bisher');
        for (const q of (t.vorauszahlungen ?? []) as {
          quartal: number;
          betrag: string;
          faellig_am: string;
          jahr: number;
        }[]) {
          if (cents(q.betrag) !== Math.floor(annual / 400) * 100)
            problem(n.id, `quarter ${q.quartal} ≠ floor(annual/4)`);
          const due = `${q.jahr}-${String(q.quartal * 3 - 1).padStart(2, '0')}-15`;
          if (q.faellig_am !== workday5(due)) problem(n.id, `quarter ${q.quartal} due ${q.faellig_am}`);
        }
      }
      if (d.zinsen && 'zinsen' in t) {
        const z = d.zinsen;
        if (z.von !== `${d.ez + 2}-04-01`) problem(n.id, 'interest start');
        if (z.monate !== fullMonths5(z.von, z.bis) || z.monate < 1) problem(n.id, 'interest months');
        if (z.basis % 5000 !== 0 || z.betrag !== zins5(z.basis, z.monate) || z.betrag < 1000)
          problem(n.id, 'interest amount');
        if (type === 'gewst_bescheid' && z.basis !== Math.floor((d.tax - d.bisher) / 5000) * 5000)
          problem(n.id, 'interest base');
      }
      if (type === 'messbescheid') {
        const mb = Math.floor(((Math.floor(d.gewerbeertrag / 10000) * 10000 - d.freibetrag) * 35) / 100000);
        if (cents(t.messbetrag) !== mb * 100)
          problem(n.id, 'Messbetrag ≠ 3.5 % of rounded Ertrag − Freibetrag');
      }
      if (type === 'zerlegungsbescheid') {
        const total = d.zerlegung.reduce((s, z) => s + z.anteil, 0);
        const want = largestRemainder(
          total,
          d.zerlegung.map((z) => z.lohn),
        );
        if (d.zerlegung.some((z, k) => z.anteil !== want[k])) problem(n.id, 'Zerlegung shares');
      }
      if (type === 'mahnung') {
        const per = Math.floor(d.rueckstand / 5000) * 50;
        if (per === 0 || d.saeumnis % per !== 0) problem(n.id, 'Säumniszuschlag');
      }
    }
  }
}
if (!keep) rmSync(tmp, { recursive: true, force: true });
console.log(
  `dev5 self-check --count ${count} --seed ${seed}: ${notices} notices, ${values} truth values, ${problems} problems`,
);
process.exitCode = problems ? 1 : 0;
