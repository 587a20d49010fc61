import {
  type DocumentField,
  type DocumentFields,
  type DocumentType,
  municipalitySearchKey,
} from '@gewst/domain';
import {
  classify,
  extractFields,
  extractFieldsChecked,
  type Fields,
  type Hints,
  type Page,
  PdfEmptyError,
  type SolverCheck,
  pagesText,
  type TextResult,
  textInRect,
} from '@gewst/extraction';
import type { DbOrTx } from '../../db/client';
import { type ResolvedMunicipality, resolveMunicipality } from '../municipalities';
import * as repo from './repo';

/** Postcodes printed on page 1 (letterhead, address lines). */
export function postcodesOf(pages: readonly Page[]): string[] {
  const first = pages[0];
  if (!first) return [];
  const out = new Set<string>();
  for (const line of first.lines) {
    for (const m of line.text.matchAll(/(?<!\d)(\d{5})\s+[A-ZÄÖÜ]/gu)) out.add(m[1]!);
  }
  return [...out];
}

/** The sender key of layout hints: the AGS, or the folded printed name. */
export function senderKey(fields: DocumentFields | Fields): string | null {
  const ags = fields.ags?.value;
  if (typeof ags === 'string' && /^\d{8}$/.test(ags)) return ags;
  const name = fields.gemeinde?.value;
  if (typeof name === 'string' && name.trim()) return `name:${municipalitySearchKey(name)}`;
  return null;
}

const overlap = (a: readonly number[], b: readonly number[]) => {
  const [ax, ay, aw, ah] = a as [number, number, number, number];
  const [bx, by, bw, bh] = b as [number, number, number, number];
  const w = Math.min(ax + aw, bx + bw) - Math.max(ax, bx);
  const h = Math.min(ay + ah, by + bh) - Math.max(ay, by);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.max(1, Math.min(aw * ah, bw * bh));
};

export interface PipelineResult {
  type: DocumentType;
  typeConfidence: number;
  fields: DocumentFields;
  /** Printed figures the tax arithmetic contradicts (German messages; checks.ts extractionChecks). */
  checks: SolverCheck[];
  pages: Page[];
  ocrPages: number[];
  text: string;
  municipality: ResolvedMunicipality | null;
  hintSender: string | null;
  hintsUsed: string[];
}

/**
 * Steps 2–4 of the processing on the text read in the sandbox (step 1: text with positions,
 * OCR where no usable text layer): type, canonical fields (with the municipality's layout
 * hints when there are any). Throws PdfEmptyError when there is no text.
 */
export async function runExtraction(
  db: DbOrTx,
  { pages, ocrPages }: TextResult,
  fixedType?: DocumentType | null,
): Promise<PipelineResult> {
  const text = pagesText(pages);
  if (text.replace(/[^\p{L}\p{N}]/gu, '').length < 10) {
    throw new PdfEmptyError(pages.length === 1 ? 'leere Seite' : `${pages.length} leere Seiten`);
  }
  const classified = classify(text);
  const type = (fixedType ?? classified.type) as DocumentType;
  const read = await readFields(db, type, pages);
  return {
    type,
    typeConfidence: fixedType ? 1 : classified.confidence,
    pages,
    ocrPages,
    text,
    ...read,
  };
}

/**
 * Step 4 on text already read: the canonical fields of a type, with the sender's layout
 * hints. Also used when a user corrects the type (the stored pages are read again).
 */
export async function readFields(db: DbOrTx, type: DocumentType, pages: Page[]) {
  // First pass: which municipality sent it? Names asked for are resolved from the database,
  // then the fields are read again with a resolver and the sender's hints.
  const asked = new Set<string>();
  let fields = extractFields(type, pages, {
    resolveMunicipality: (name) => {
      asked.add(name);
      return undefined;
    },
  });
  const postcodes = postcodesOf(pages);
  const printedName = typeof fields.gemeinde?.value === 'string' ? fields.gemeinde.value : null;
  const printedAgs = typeof fields.ags?.value === 'string' ? fields.ags.value : null;
  const municipality = await resolveMunicipality(db, { ags: printedAgs, name: printedName, postcodes });
  const resolved = new Map<string, string>();
  for (const name of asked) {
    const r = await resolveMunicipality(db, { name, postcodes });
    if (r) resolved.set(name, r.ags);
  }
  const resolver = (name: string) => resolved.get(name) ?? null;

  const sender = municipality?.ags ?? senderKey(fields);
  const hintRows = sender ? await repo.hintsOf(db, sender) : [];
  const hints: Hints = {};
  for (const h of hintRows)
    hints[h.field] = { page: h.page, rect: h.rect as [number, number, number, number] };
  const read = extractFieldsChecked(type, pages, { hints, resolveMunicipality: resolver });
  fields = read.fields;

  const out: DocumentFields = {};
  const hintsUsed: string[] = [];
  for (const [name, f] of Object.entries(fields)) {
    const hint = hints[name];
    const fromHint = !!hint && hint.page === f.page && overlap(hint.rect, f.rect) >= 0.3;
    if (fromHint) hintsUsed.push(name);
    out[name] = { ...(f as DocumentField), source: fromHint ? 'hint' : 'extraction' };
  }
  if (municipality && !out.ags) {
    const g = out.gemeinde;
    out.ags = {
      value: municipality.ags,
      confidence: g ? Math.min(0.9, g.confidence) : 0.6,
      page: g?.page ?? null,
      rect: g?.rect ?? null,
      source: 'extraction',
    };
  }
  return { fields: out, checks: read.checks, municipality, hintSender: sender, hintsUsed };
}

/** The text inside a rectangle (PDF points, top-left origin) and the text around it (for hints). */
export function rectText(pages: readonly Page[], page: number, rect: [number, number, number, number]) {
  return textInRect(pages, page, ...rect);
}

export function contextText(pages: readonly Page[], page: number, rect: [number, number, number, number]) {
  const [x, y, w, h] = rect;
  return textInRect(pages, page, Math.max(0, x - 250), Math.max(0, y - 20), w + 260, h + 40).slice(0, 300);
}

/** Search text: the document's words plus the field values. */
export function searchTextOf(text: string, fields: DocumentFields, filename: string): string {
  const values = Object.values(fields)
    .map((f) => (typeof f.value === 'string' || typeof f.value === 'number' ? String(f.value) : ''))
    .filter(Boolean);
  return [filename, ...values, text.replace(/\s+/g, ' ')].join(' ').slice(0, 200_000);
}
