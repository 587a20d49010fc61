import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CorpusEntry, generateCorpus } from '../../../bench/notices/generate.js';
import { LAYOUTS } from '../../../bench/notices/layouts.js';
import { classify, extractFields, type ProcessResult, pagesText, processPdf, textInRect } from './index.js';
import { municipalityIndex } from './municipality.js';

const dir = mkdtempSync(path.join(tmpdir(), 'gewst-extraction-'));
let corpus: CorpusEntry[] = [];
const results = new Map<string, ProcessResult>();
const truthOf = (e: CorpusEntry) =>
  JSON.parse(readFileSync(e.truth, 'utf8')) as { type: string; fields: Record<string, unknown> };

beforeAll(async () => {
  // Every type in every layout, as text PDFs, from a fixed seed.
  corpus = await generateCorpus({ out: dir, seed: 42, scans: false });
  for (const e of corpus) results.set(e.id, await processPdf(readFileSync(e.text), { ocr: false }));
});

describe('text PDFs of every type and layout', () => {
  it('covers 7 types in 8 layouts', () => {
    expect(corpus).toHaveLength(56);
    expect(new Set(corpus.map((e) => e.layout)).size).toBe(LAYOUTS.length);
  });

  it('classifies each type', () => {
    for (const e of corpus) {
      const r = results.get(e.id)!;
      expect(r.type, e.id).toBe(e.type);
      expect(r.typeConfidence).toBeGreaterThan(0.5);
    }
  });

  it('extracts every field exactly as the ground truth', () => {
    for (const e of corpus) {
      const r = results.get(e.id)!;
      const truth = truthOf(e);
      const actual = Object.fromEntries(Object.keys(truth.fields).map((k) => [k, r.fields[k]?.value]));
      expect(actual, e.id).toEqual(truth.fields);
    }
  });

  it('gives each field a confidence, page and rectangle on the page', () => {
    for (const e of corpus) {
      const r = results.get(e.id)!;
      expect(r.ocrPages).toEqual([]);
      for (const [name, f] of Object.entries(r.fields)) {
        const page = r.pages.find((p) => p.page === f.page);
        expect(page, `${e.id} ${name}`).toBeDefined();
        expect(f.confidence).toBeGreaterThan(0);
        expect(f.confidence).toBeLessThanOrEqual(1);
        const [x, y, w, h] = f.rect;
        expect(w).toBeGreaterThan(0);
        expect(h).toBeGreaterThan(0);
        expect(x + w).toBeLessThanOrEqual(page!.width + 1);
        expect(y + h).toBeLessThanOrEqual(page!.height + 1);
      }
    }
  });

  it('textInRect returns the text at a field rectangle of a text page', () => {
    const e = corpus.find((c) => c.type === 'gewst_bescheid')!;
    const r = results.get(e.id)!;
    const f = r.fields.kassenzeichen!;
    expect(textInRect(r.pages, f.page, ...f.rect)).toBe(truthOf(e).fields.kassenzeichen);
    const iban = r.fields.iban!;
    expect(textInRect(r.pages, iban.page, ...iban.rect).replace(/\s/g, '')).toBe(iban.value);
    expect(textInRect(r.pages, 99, 0, 0, 100, 100)).toBe('');
  });

  it('uses a layout hint when the label is missing', () => {
    const e = corpus.find((c) => c.type === 'mahnung' && c.layout.startsWith('L1'))!;
    const r = results.get(e.id)!;
    const f = r.fields.kassenzeichen!;
    // Remove the label words: without a hint the field is gone, with one it is found again.
    const pages = r.pages.map((p) => {
      const keep = (w: { text: string }) => !/^Kassenzeichen/i.test(w.text);
      return {
        ...p,
        words: p.words.filter(keep),
        lines: p.lines.map((l) => ({ ...l, words: l.words.filter(keep) })),
      };
    });
    expect(extractFields('mahnung', pages).kassenzeichen).toBeUndefined();
    const hinted = extractFields('mahnung', pages, {
      hints: { kassenzeichen: { page: f.page, rect: f.rect } },
    });
    expect(hinted.kassenzeichen?.value).toBe(f.value);
  });

  it('resolves the AGS through a municipality resolver hook', async () => {
    const e = corpus.find((c) => c.type === 'zinsbescheid' && c.layout.startsWith('L1'))!;
    const r = await processPdf(readFileSync(e.text), { ocr: false, resolveMunicipality: () => '12345678' });
    expect(r.fields.ags?.value).toBe('12345678');
  });
});

describe('classify', () => {
  it.each([
    ['Gewerbesteuerbescheid 2017 … bisheriger Sollbetrag … Zu-/Abgang', 'gewst_bescheid'],
    ['Bescheid über Vorauszahlungen zur Gewerbesteuer ab 2019', 'vorauszahlungsbescheid'],
    ['Zinsbescheid (§ 233a AO) Nachzahlungszinsen in Höhe von 30,00 Euro', 'zinsbescheid'],
    ['Bescheid für 2017 über den Gewerbesteuermessbetrag Steuermesszahl 3,5 %', 'messbescheid'],
    ['Zerlegungsbescheid 2021 Zerlegungsanteil', 'zerlegungsbescheid'],
    ['Mahnung Säumniszuschläge Rückstand', 'mahnung'],
    ['Einladung zum Unternehmerfrühstück', 'sonstiges'],
  ])('%s → %s', (text, type) => expect(classify(text).type).toBe(type));

  it('classifies the generated texts', () => {
    for (const e of corpus) expect(classify(pagesText(results.get(e.id)!.pages)).type, e.id).toBe(e.type);
  });
});

describe('AGS of the issuing municipality (from the shipped reference data)', () => {
  it('is returned for every municipal notice, matching the printed municipality', () => {
    const municipal = new Set(['gewst_bescheid', 'vorauszahlungsbescheid', 'zinsbescheid', 'mahnung']);
    const byAgs = municipalityIndex().byAgs;
    for (const e of corpus.filter((c) => municipal.has(c.type))) {
      const r = results.get(e.id)!;
      const ags = String(r.fields.ags?.value);
      expect(ags, e.id).toMatch(/^\d{8}$/);
      expect(byAgs.get(ags)?.name, e.id).toBe(truthOf(e).fields.gemeinde);
      const printed = truthOf(e).fields.ags;
      if (printed) expect(ags, e.id).toBe(printed);
    }
  });

  it('npm run extract prints it', async () => {
    const e = corpus.find((c) => c.type === 'mahnung' && c.layout.startsWith('L1'))!;
    const root = path.resolve(import.meta.dirname, '../../..');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'packages/extraction/src/cli.ts', e.text],
      { cwd: root },
    );
    expect(JSON.parse(stdout).fields.ags.value).toMatch(/^\d{8}$/);
  });
});

describe('CLI', () => {
  it('prints only the JSON result on stdout', async () => {
    const e = corpus.find((c) => c.type === 'messbescheid')!;
    const root = path.resolve(import.meta.dirname, '../../..');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'packages/extraction/src/cli.ts', e.text],
      { cwd: root },
    );
    const out = JSON.parse(stdout);
    expect(out.type).toBe('messbescheid');
    expect(out.fields.messbetrag.value).toBe(truthOf(e).fields.messbetrag);
    expect(out.fields.messbetrag.rect).toHaveLength(4);
  });

  it('prints exactly { type, fields: { name: { value, confidence, page, rect } } } with DOMAIN.md names and formats', async () => {
    const e = corpus.find((c) => c.type === 'gewst_bescheid')!;
    const root = path.resolve(import.meta.dirname, '../../..');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'packages/extraction/src/cli.ts', e.text],
      { cwd: root },
    );
    const out = JSON.parse(stdout) as { type: string; fields: Record<string, Record<string, unknown>> };
    expect(Object.keys(out).sort()).toEqual(['fields', 'type']);
    expect(out.type).toBe('gewst_bescheid');
    const truth = truthOf(e).fields;
    for (const name of Object.keys(truth)) expect(out.fields, name).toHaveProperty(name);
    const MONEY = /^-?\d+\.\d{2}$/;
    const ISO = /^\d{4}-\d{2}-\d{2}$/;
    const formats: Record<string, (v: unknown) => boolean> = {
      erhebungszeitraum: (v) => Number.isInteger(v) && (v as number) > 1990,
      hebesatz: (v) => Number.isInteger(v) && (v as number) >= 200,
      bescheid_datum: (v) => ISO.test(String(v)),
      faellig_am: (v) => ISO.test(String(v)),
      zinsen_von: (v) => ISO.test(String(v)),
      zinsen_bis: (v) => ISO.test(String(v)),
      messbetrag: (v) => MONEY.test(String(v)),
      festgesetzte_steuer: (v) => MONEY.test(String(v)),
      bisher_festgesetzt: (v) => MONEY.test(String(v)),
      abrechnung: (v) => MONEY.test(String(v)),
      zinsen: (v) => MONEY.test(String(v)),
      iban: (v) => /^DE\d{20}$/.test(String(v)),
      bic: (v) => /^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(String(v)),
      ags: (v) => /^\d{8}$/.test(String(v)),
      gemeinde: (v) => typeof v === 'string' && v.length > 1,
      kassenzeichen: (v) => typeof v === 'string' && v.length > 1,
      steuernummer: (v) => typeof v === 'string' && v.length > 1,
      vorauszahlungen: (v) =>
        Array.isArray(v) &&
        v.every(
          (q) =>
            Object.keys(q).sort().join() === 'betrag,faellig_am,jahr,quartal' &&
            MONEY.test(q.betrag) &&
            ISO.test(q.faellig_am) &&
            [1, 2, 3, 4].includes(q.quartal) &&
            Number.isInteger(q.jahr),
        ),
    };
    for (const [name, f] of Object.entries(out.fields)) {
      // Only canonical fields of a Gewerbesteuerbescheid (DOMAIN.md), each with exactly these keys.
      expect(formats[name], `unexpected field ${name}`).toBeDefined();
      expect(Object.keys(f).sort(), name).toEqual(['confidence', 'page', 'rect', 'value']);
      expect(formats[name]!(f.value), `${name}: ${JSON.stringify(f.value)}`).toBe(true);
      if (name in truth) expect(f.value, name).toEqual(truth[name]);
      expect(f.confidence).toBeGreaterThan(0);
      expect(f.confidence).toBeLessThanOrEqual(1);
      expect(Number.isInteger(f.page) && (f.page as number) >= 1).toBe(true);
      expect(f.rect).toEqual([
        expect.any(Number),
        expect.any(Number),
        expect.any(Number),
        expect.any(Number),
      ]);
    }
  });

  it('reports errors on stderr with a non-zero exit', async () => {
    const bad = path.join(dir, 'bad.pdf');
    writeFileSync(bad, 'kein pdf');
    const root = path.resolve(import.meta.dirname, '../../..');
    const run = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'packages/extraction/src/cli.ts', bad],
      {
        cwd: root,
      },
    );
    await expect(run).rejects.toMatchObject({
      code: 3,
      stdout: '',
      stderr: expect.stringContaining('PdfDamagedError'),
    });
  });
});
