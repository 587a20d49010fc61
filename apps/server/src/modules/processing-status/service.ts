import {
  ESTABLISHMENT_PROCESSING_TYPES,
  PROCESSING_STATES,
  PROCESSING_TYPES,
  type DocumentStatus,
  type ProcessingItem,
  type ProcessingState,
  type ProcessingStatus,
  type ProcessingStatusQuery,
  type ProcessingType,
  processingGapText,
} from '@gewst/domain';
import { and, asc, eq, inArray, isNull, lte, or, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookedDocumentIds } from '../bookings';
import { companies } from '../companies';
import { documents } from '../documents';
import { masterData } from '../master-data';
import { municipalities } from '../municipalities';

/** Restricts the companies looked at (company-scoped access); null: all companies. */
export interface CompanyFilter {
  companyIds: readonly number[] | null;
}

interface Notice {
  id: number;
  company_id: number;
  master_data_id: number | null;
  type: ProcessingType;
  filename: string;
  status: DocumentStatus;
  booked: boolean;
}

const stateOf = (n: Notice): ProcessingState =>
  n.booked || n.status === 'gebucht' ? 'gebucht' : n.status === 'geprueft' ? 'geprueft' : 'eingegangen';
const rank = (s: ProcessingState) => PROCESSING_STATES.indexOf(s);

/** Establishments valid in the year, with company and municipality names. */
async function establishments(db: DbOrTx, year: number, filter: CompanyFilter) {
  if (filter.companyIds?.length === 0) return [];
  return db
    .select({
      id: masterData.id,
      company_id: masterData.company_id,
      company_name: companies.name,
      designation: masterData.designation,
      ags: masterData.ags,
      municipality: municipalities.name,
    })
    .from(masterData)
    .innerJoin(companies, eq(companies.id, masterData.company_id))
    .leftJoin(municipalities, eq(municipalities.ags, masterData.ags))
    .where(
      and(
        or(isNull(masterData.valid_from), lte(masterData.valid_from, `${year}-12-31`)),
        or(isNull(masterData.valid_to), gte(masterData.valid_to, `${year}-01-01`)),
        filter.companyIds ? inArray(masterData.company_id, [...filter.companyIds]) : undefined,
      ),
    )
    .orderBy(asc(companies.name), asc(masterData.designation), asc(masterData.id));
}

/** Not deleted notices of the four expected types whose Erhebungszeitraum is the year. */
async function notices(db: DbOrTx, year: number, companyIds: number[]): Promise<Notice[]> {
  if (companyIds.length === 0) return [];
  const rows = await db
    .select({
      id: documents.id,
      company_id: documents.company_id,
      master_data_id: documents.master_data_id,
      type: documents.type,
      filename: documents.filename,
      status: documents.status,
    })
    .from(documents)
    .where(
      and(
        inArray(documents.company_id, companyIds),
        isNull(documents.deleted_at),
        inArray(documents.type, [...PROCESSING_TYPES]),
        sql`${documents.fields}->'erhebungszeitraum'->>'value' = ${String(year)}`,
      ),
    )
    .orderBy(asc(documents.id));
  const booked = await bookedDocumentIds(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    type: r.type as ProcessingType,
    status: r.status as DocumentStatus,
    booked: booked.has(r.id),
  }));
}

function item(
  base: Omit<ProcessingItem, 'state' | 'documents' | 'gap'>,
  found: Notice[],
  year: number,
): ProcessingItem {
  const state = found.reduce<ProcessingState>(
    (best, n) => (rank(stateOf(n)) > rank(best) ? stateOf(n) : best),
    'fehlt',
  );
  return {
    ...base,
    state,
    documents: found.map((n) => ({ id: n.id, filename: n.filename, status: n.status })),
    gap: state === 'fehlt' ? processingGapText(base, year) : null,
  };
}

/** Every expected notice of the year with its state; the summary counts all four types. */
export async function processingStatus(
  db: DbOrTx,
  query: ProcessingStatusQuery,
  filter: CompanyFilter,
  now = new Date(),
): Promise<ProcessingStatus> {
  const year = query.year ?? now.getFullYear();
  const places = await establishments(db, year, filter);
  const companyIds = [...new Set(places.map((p) => p.company_id))];
  const found = await notices(db, year, companyIds);

  const items: ProcessingItem[] = [];
  for (const place of places) {
    for (const type of ESTABLISHMENT_PROCESSING_TYPES) {
      const matching = found.filter((n) => n.type === type && n.master_data_id === place.id);
      const { id, ...rest } = place;
      items.push(item({ ...rest, type, master_data_id: id }, matching, year));
    }
  }
  for (const companyId of companyIds) {
    const own = places.filter((p) => p.company_id === companyId);
    const types: ProcessingType[] = ['messbescheid'];
    if (new Set(own.map((p) => p.ags)).size > 1) types.push('zerlegungsbescheid');
    for (const type of types) {
      const matching = found.filter((n) => n.type === type && n.company_id === companyId);
      const base = {
        type,
        company_id: companyId,
        company_name: own[0]!.company_name,
        master_data_id: null,
        designation: null,
        ags: null,
        municipality: null,
      };
      items.push(item(base, matching, year));
    }
  }

  const summary = PROCESSING_TYPES.map((type) => {
    const ofType = items.filter((i) => i.type === type);
    const counts = Object.fromEntries(
      PROCESSING_STATES.map((s) => [s, ofType.filter((i) => i.state === s).length]),
    ) as Record<ProcessingState, number>;
    return { type, expected: ofType.length, counts };
  });
  return {
    year,
    type: query.type ?? null,
    summary,
    items: query.type ? items.filter((i) => i.type === query.type) : items,
  };
}
