/**
 * Development part only: field accuracy grouped by the development-only forms a notice drew
 * (prepayment schedule form, how the Erhebungszeitraum is stated), text PDFs. Used to measure
 * the fifth step's new forms before and after the engine learnt them.
 *
 *   node --import tsx bench/notices/styles.ts [--count N] [--seed S]
 */
import { processPdf } from '../../packages/extraction/src/index.js';
import { score } from './evaluate.js';
import { generatePooledNotice, POOLS } from './generate.js';
import { TYPES } from './notice.js';

const arg = (k: string) => {
  const i = process.argv.indexOf(`--${k}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const count = Number(arg('count') ?? 4);
const seed = Number(arg('seed') ?? 1);
const verbose = process.argv.includes('--errors');
const only = arg('type');
const RATE_FIELDS = [
  'hebesatz',
  'festgesetzte_steuer',
  'abrechnung',
  'faellig_am',
  'messbetrag',
  'bisher_festgesetzt',
];

type Tally = { n: number; ok: number };
const by = new Map<string, Tally>();
const add = (k: string, ok: boolean) => {
  const t = by.get(k) ?? { n: 0, ok: 0 };
  t.n++;
  if (ok) t.ok++;
  by.set(k, t);
};
let all: Tally = { n: 0, ok: 0 };
for (let i = 0; i < count; i++)
  for (const [fi] of POOLS.dev.families.entries())
    for (const type of TYPES) {
      if (only && type !== only) continue;
      const n = await generatePooledNotice('dev', seed, type, fi, i);
      const r = await processPdf(n.pdf, { ocr: false });
      const s = score({ type, fields: n.truth }, { type: r.type, fields: r.fields });
      all = { n: all.n + s.fields, ok: all.ok + s.correct };
      const wrong = new Set(s.errors.map((e) => e.field));
      if ('vorauszahlungen' in n.truth)
        add(`vorauszahlungen · ${n.styles.vz}`, !wrong.has('vorauszahlungen'));
      if ('erhebungszeitraum' in n.truth)
        add(`erhebungszeitraum · ${n.styles.ez}`, !wrong.has('erhebungszeitraum'));
      if (type === 'gewst_bescheid')
        for (const f of RATE_FIELDS) if (f in n.truth) add(`${f} · rate ${n.styles.rate}`, !wrong.has(f));
      if ('bescheid_datum' in n.truth)
        add(`bescheid_datum · letter ${n.styles.letter}`, !wrong.has('bescheid_datum'));
      if ('faellig_am' in n.truth) add(`faellig_am · due ${n.styles.due}`, !wrong.has('faellig_am'));
      if ('zerlegungsanteile' in n.truth)
        add(`zerlegungsanteile · ${n.styles.zerlegung}`, !wrong.has('zerlegungsanteile'));
      if (n.styles.ez !== 'classic' && type !== 'sonstiges')
        add(`all fields · ez ${n.styles.ez}`, s.errors.length === 0);
      if (verbose)
        for (const e of s.errors)
          if (
            RATE_FIELDS.includes(e.field) ||
            ['vorauszahlungen', 'bescheid_datum', 'zerlegungsanteile'].includes(e.field) ||
            e.field === 'erhebungszeitraum'
          )
            console.log(
              n.id,
              r.type,
              JSON.stringify(n.styles),
              e.field,
              JSON.stringify(e.expected),
              '→',
              JSON.stringify(e.actual),
            );
    }
console.log(
  `dev text fields ${((100 * all.ok) / all.n).toFixed(1)} % (${all.ok}/${all.n}), --count ${count} --seed ${seed}`,
);
console.log('| field · form | notices | correct |\n|---|---|---|');
for (const [k, t] of [...by].sort())
  console.log(`| ${k} | ${t.n} | ${((100 * t.ok) / t.n).toFixed(1)} % (${t.ok}/${t.n}) |`);
