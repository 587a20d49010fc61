import type { DocumentDetail } from '@gewst/domain';

/**
 * The server's assignment suggestion, shown under the establishment field only while the
 * document has no establishment: once one is assigned, the suggestion (e.g. "keine
 * Betriebsstätte gefunden") is out of date and would contradict the assignment.
 */
export function masterDataSuggestion(doc: Pick<DocumentDetail, 'match' | 'masterData'>): string | null {
  if (doc.masterData || !doc.match) return null;
  return doc.match.reason;
}
