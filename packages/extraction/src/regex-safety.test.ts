/**
 * No input may make a pattern of the engine backtrack super-linearly: we read notices from
 * thousands of municipalities whose layouts we never see, and a pattern that backtracks 2^n ways
 * on a long run of leader dots, ellipses, commas or repeated abbreviations never returns (the
 * sandbox stops the extraction only after 300 s). Every label and pattern of the field specs, the
 * value patterns and the classifier's cues run here on lines built to make such patterns explode.
 * A regression hangs this file instead of failing an assertion; no assertion depends on time.
 *
 * Found vulnerable (2026-12-07, recheck + timing of adversarial lines) and fixed so that they
 * match the same strings: the interest-period gap of specs.ts on "…" (an ellipsis was both a
 * non-dot and a dot), the surcharge clause of classify.ts on leader dots (a run split into pieces
 * of two or more dots), the legal references of classify.ts ("§ 233a , , , …", "§ 233a f.f.f.…",
 * "§ 233a Satz 1Satz 1…": numbers, delimiters and the words after them could be read many ways).
 */
import { DOCUMENT_TYPES } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { classify, foldText, strongCues, surchargeCharge } from './classify.js';
import { extractFields } from './fields.js';
import { BARE_RATE_SOURCE, DATE_SOURCE, MONEY_SOURCE, PERCENT_SOURCE } from './normalize.js';
import { STEUERNUMMER_SOURCE, VALUE_SOURCE } from './search.js';
import { WHOLE_EURO_SOURCE } from './solver.js';
import { SPECS } from './specs.js';
import { pageOf } from './page-fixture.js';

/** Words a pattern starts from: labels, interest and surcharge words, legal references. */
const PREFIXES = [
  'Zinsen',
  'Zinslauf',
  'verzinst vom',
  'Zeitraum',
  'Säumniszuschlag',
  'SZ',
  'Mahngebühr',
  '§ 233a',
  '§ 240',
  '§ 19',
  '§§ 28',
  '§ 233a Abs. 1',
  '§ 233a Satz 1',
  'Gewerbesteuer',
  'Messbetrag',
  'Hebesatz',
  'fällig am',
  'zahlbar bis',
  'Kassenzeichen',
  'Bescheid vom',
  'Stadt Musterhausen,',
  'wird am',
  'monatlich',
  'Erhebungszeitraum',
];
/** Units repeated after a prefix: leader dots, ellipses, separators, numbers, abbreviations. */
const UNITS = [
  '.',
  '. ',
  '…',
  '… ',
  '.…',
  ' ',
  '\t',
  ', ',
  ',',
  ',\t',
  '1',
  '1.',
  '1.2.',
  '12,',
  '1 ',
  '- ',
  '–',
  'a',
  'a ',
  'f.',
  'ff',
  'ff.',
  'und',
  ' und',
  'fund',
  'Satz 1',
  'satz1',
  'nr1',
  's.22',
  'Abs. 1 ',
  '_',
  '·',
];
/** Long enough that a pattern backtracking 2^n ways on the unit does not return. */
const REPEAT = 64;
/** What may follow the run and make the pattern fail at its end. */
const ENDS = ['!', ' x', ' 01.04.2018 x', ''];

const lines: string[] = [];
for (const prefix of PREFIXES)
  for (const unit of UNITS)
    for (const end of ENDS) lines.push(`${prefix} ${unit.repeat(REPEAT)}${end}`.replace(/\s+$/, ''));

/** Every pattern of the engine that runs over the text of a page. */
const patterns: { name: string; re: RegExp }[] = [];
for (const [field, spec] of Object.entries(SPECS)) {
  for (const [i, l] of spec.labels.entries()) patterns.push({ name: `${field} label ${i}`, re: l.re });
  for (const [i, p] of (spec.patterns ?? []).entries())
    patterns.push({ name: `${field} pattern ${i}`, re: p.re });
}
for (const [kind, source] of Object.entries(VALUE_SOURCE))
  patterns.push({ name: `value ${kind}`, re: new RegExp(source, 'iu') });
for (const [name, source] of Object.entries({
  MONEY_SOURCE,
  DATE_SOURCE,
  PERCENT_SOURCE,
  BARE_RATE_SOURCE,
  STEUERNUMMER_SOURCE,
  WHOLE_EURO_SOURCE,
}))
  patterns.push({ name, re: new RegExp(source, 'iu') });

describe('no pattern of the engine backtracks super-linearly', () => {
  it('collects the patterns of every field and value kind', () => {
    expect(patterns.length).toBeGreaterThan(60);
    expect(lines.length).toBe(PREFIXES.length * UNITS.length * ENDS.length);
  });

  it('every label, pattern and value pattern returns on every adversarial line', () => {
    let runs = 0;
    for (const { re } of patterns) {
      const once = new RegExp(re.source, re.flags.replace(/[gy]/g, ''));
      for (const line of lines) {
        once.exec(line);
        runs++;
      }
    }
    expect(runs).toBe(patterns.length * lines.length);
  });

  it('the classifier cues return on every adversarial line', () => {
    for (const line of lines) {
      expect(Array.isArray(strongCues(line))).toBe(true);
      expect(['charged', 'warned', null]).toContain(surchargeCharge(foldText(line)));
    }
  });

  it('classification and extraction return on pages of adversarial lines', () => {
    for (const prefix of PREFIXES) {
      const rows = UNITS.map((unit) => `${prefix} ${unit.repeat(REPEAT)} 01.04.2018 x`);
      const page = pageOf(rows);
      const text = rows.join('\n');
      expect(DOCUMENT_TYPES).toContain(classify(text).type);
      for (const type of DOCUMENT_TYPES) expect(typeof extractFields(type, [page])).toBe('object');
    }
  });
});

describe('the patterns fixed for backtracking read what they read before', () => {
  it('a legal reference with its sentence, number, delimiters and law', () => {
    for (const text of [
      'gemäß § 233a Abs. 1 Satz 2 Nr. 3, 4 und 5 ff. der AO',
      'nach § 233a, 1 AO',
      '§ 233a f.AO',
      '§ 233aAbs.1Satz2AO',
      '§ 233a , , , AO',
      '§ 233a Satz 1Satz 2 der Abgabenordnung',
    ])
      expect(strongCues(text)).toContain('p233a_ao');
    expect(strongCues('§ 240 AO')).toContain('p240_ao');
    expect(strongCues('§§ 16, 19 GewStG')).toContain('p19_gewstg');
    // Not a reference: words between the number and the law that no delimiter joins.
    expect(strongCues('§ 233a foo bar AO')).not.toContain('p233a_ao');
    expect(strongCues(`§ 233a ${', '.repeat(REPEAT)}!`)).not.toContain('p233a_ao');
  });

  it('a surcharge behind leader dots, and none behind dots without an amount', () => {
    expect(surchargeCharge(foldText(`Säumniszuschlag ${'.'.repeat(40)} 12,00 €`))).toBe('charged');
    expect(surchargeCharge(foldText(`Säumniszuschlag ${'.'.repeat(REPEAT)} siehe Anlage`))).toBe(null);
  });

  it('an interest period behind ellipses and leader dots', () => {
    const page = pageOf([
      'Stadt Musterhausen - Steueramt',
      'Datum: 14.03.2024',
      'Festsetzung von Nachzahlungszinsen zur Gewerbesteuer 2021',
      `Zinslauf ${'…'.repeat(8)} 01.04.2018 - 21.05.2018`,
      `Zinsen ${'…'.repeat(REPEAT)}`,
    ]);
    const f = extractFields('zinsbescheid', [page]);
    expect([f.zinsen_von?.value, f.zinsen_bis?.value]).toEqual(['2018-04-01', '2018-05-21']);
  });
});
