import { overlapRatio } from './layout.js';
import { DATE_SOURCE, parseDate } from './normalize.js';
import { applyHint, best, type Candidate, findCandidates, normalizeValue, VALUE_SOURCE } from './search.js';
import { SPECS, TYPE_FIELDS } from './specs.js';
import { findGemeinde, findVorauszahlungen, findZerlegungsanteile } from './tables.js';
import { indexPage, type PageIndex, spanConfidence, spanRect } from './textindex.js';
import type { DocumentType, ExtractedField, Fields, Hints, MunicipalityResolver, Page } from './types.js';

export interface ExtractOptions {
  /** Layout hints: where each field was on earlier notices of the same sender. */
  hints?: Hints;
  /** Resolves a printed municipality name to its AGS (reference data live in the server). */
  resolveMunicipality?: MunicipalityResolver;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Extracts the canonical fields of `type` from the pages (text layer or OCR words). */
export function extractFields(
  type: DocumentType,
  pages: readonly Page[],
  options: ExtractOptions = {},
): Fields {
  const indexes = pages.map(indexPage);
  const fields: Fields = {};
  const hints = options.hints ?? {};
  for (const name of TYPE_FIELDS[type]) {
    let f: ExtractedField | null;
    if (name === 'vorauszahlungen') f = findVorauszahlungen(indexes);
    else if (name === 'zerlegungsanteile') f = findZerlegungsanteile(indexes, options.resolveMunicipality);
    else if (name === 'gemeinde') f = findGemeinde(indexes);
    else f = scalarField(name, indexes, hints, name === 'faellig_am' ? fields.vorauszahlungen : undefined);
    if (f) fields[name] = f;
  }
  if (!fields.ags && fields.gemeinde && options.resolveMunicipality && TYPE_FIELDS[type].includes('ags')) {
    const ags = options.resolveMunicipality(String(fields.gemeinde.value));
    if (ags)
      fields.ags = { ...fields.gemeinde, value: ags, confidence: round(fields.gemeinde.confidence * 0.9) };
  }
  crossCheck(fields);
  return fields;
}

function scalarField(
  name: string,
  indexes: PageIndex[],
  hints: Hints,
  exclude?: ExtractedField,
): ExtractedField | null {
  const spec = SPECS[name];
  if (!spec) return null;
  const cands: Candidate[] = [];
  for (const ix of indexes) {
    if (spec.maxPage && ix.page.page > spec.maxPage) continue;
    cands.push(...findCandidates(ix, spec));
  }
  // A due date inside the prepayment schedule is not the due date of the notice's amount.
  if (exclude) {
    const inside = (c: Candidate) => c.page === exclude.page && overlapRatio(c.rect, exclude.rect) > 0.5;
    cands.splice(0, cands.length, ...cands.filter((c) => !inside(c)));
  }
  if (name === 'bescheid_datum' && cands.length === 0) cands.push(...firstDateAtTop(indexes[0]));
  const hint = hints[name];
  if (hint) {
    applyHint(cands, hint);
    const fromHint = hintCandidate(indexes, name, hint);
    if (fromHint) cands.push(fromHint);
  }
  const b = best(cands);
  if (!b) return null;
  const score = Math.min(1, b.score);
  return {
    value: b.value,
    confidence: round(Math.max(0.05, score * 0.95 * b.confidence)),
    page: b.page,
    rect: b.rect,
  };
}

/** Fallback for the notice date: the first date in the top third of page 1. */
function firstDateAtTop(ix: PageIndex | undefined): Candidate[] {
  if (!ix) return [];
  const re = new RegExp(DATE_SOURCE, 'giu');
  for (const m of ix.flat.matchAll(re)) {
    const rect = spanRect(ix, m.index ?? 0, (m.index ?? 0) + m[0].length);
    const value = parseDate(m[0]);
    if (value && rect[1] < ix.page.height * 0.35) {
      return [
        {
          value,
          score: 0.5,
          confidence: spanConfidence(ix, m.index ?? 0, (m.index ?? 0) + m[0].length),
          page: ix.page.page,
          rect,
          pos: m.index ?? 0,
        },
      ];
    }
  }
  return [];
}

/** A value read straight from the hinted rectangle (slightly enlarged). */
function hintCandidate(
  indexes: PageIndex[],
  name: string,
  hint: { page: number; rect: [number, number, number, number] },
) {
  const spec = SPECS[name];
  const ix = indexes.find((i) => i.page.page === hint.page);
  if (!spec || !ix) return null;
  const [x, y, w, h] = hint.rect;
  const box: [number, number, number, number] = [x - 10, y - 4, w + 20, h + 8];
  const re = new RegExp(VALUE_SOURCE[spec.kind], 'giu');
  for (const m of ix.text.matchAll(re)) {
    const start = m.index ?? 0;
    const rect = spanRect(ix, start, start + m[0].length);
    if (overlapRatio(rect, box) < 0.6) continue;
    const value = normalizeValue(spec.kind, m[0]);
    if (value === null) continue;
    return {
      value,
      score: 0.75,
      confidence: spanConfidence(ix, start, start + m[0].length),
      page: ix.page.page,
      rect,
      pos: start,
    };
  }
  return null;
}

/** Raises confidence where the figures agree (tax = MB × Hebesatz / 100, difference = tax − previous). */
function crossCheck(fields: Fields): void {
  const cents = (f?: ExtractedField) =>
    f && typeof f.value === 'string' ? Math.round(Number(f.value) * 100) : null;
  const mb = cents(fields.messbetrag);
  const hs = typeof fields.hebesatz?.value === 'number' ? fields.hebesatz.value : null;
  const tax = cents(fields.festgesetzte_steuer);
  const prev = cents(fields.bisher_festgesetzt);
  const diff = cents(fields.abrechnung);
  const boost = (...fs: (ExtractedField | undefined)[]) => {
    for (const f of fs) if (f) f.confidence = round(Math.min(0.99, f.confidence + (1 - f.confidence) * 0.5));
  };
  if (mb !== null && hs !== null && tax !== null && Math.round((mb * hs) / 100) === tax) {
    boost(fields.messbetrag, fields.hebesatz, fields.festgesetzte_steuer);
  }
  if (tax !== null && prev !== null && diff !== null && tax - prev === diff) {
    boost(fields.festgesetzte_steuer, fields.bisher_festgesetzt, fields.abrechnung);
  }
}
