import { and, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings } from './schema';

/** Of the given documents, those with a booking in force (neither a reversal nor reversed). */
export async function bookedDocumentIds(db: DbOrTx, documentIds: number[]): Promise<Set<number>> {
  if (documentIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: bookings.document_id })
    .from(bookings)
    .where(
      and(
        inArray(bookings.document_id, documentIds),
        isNull(bookings.reversal_of),
        isNull(bookings.reversed_by),
      ),
    );
  return new Set(rows.map((r) => r.id).filter((id): id is number => id !== null));
}
