import {
  municipalityDisplayName,
  type RateConflict,
  type RateConflictDecision,
  type RateConflictResolution,
} from '@gewst/domain';
import { masterDataTexts as t } from '../../i18n/masterData';

export const NOTE_MAX = 500;

/** Only a conflict with a confirmed notice is decided here; the others are fixed in the master data. */
export function isResolvable(c: RateConflict): c is RateConflict & { document_id: number } {
  return c.kind === 'notice' && c.document_id != null;
}

/** What the confirmation dialog says will happen. */
export function decisionText(c: RateConflict & { document_id: number }, decision: RateConflictDecision) {
  const p = {
    municipality: municipalityDisplayName(c.municipality_name),
    year: c.year,
    ours: c.hebesatz,
    notice: c.other_hebesatz,
    document: c.document_filename ?? `Dokument ${c.document_id}`,
  };
  return decision === 'adopt' ? t.conflictAdoptText(p) : t.conflictKeepText(p);
}

/** The reason's error (null when fine); only "keep" needs one. */
export function noteError(decision: RateConflictDecision, note: string): string | null {
  const trimmed = note.trim();
  if (trimmed.length > NOTE_MAX) return t.conflictNoteTooLong;
  if (decision === 'keep' && trimmed === '') return t.conflictNoteMissing;
  return null;
}

/** The request: the rates shown go along, so the server refuses a decision on outdated figures. */
export function resolutionBody(
  c: RateConflict & { document_id: number },
  decision: RateConflictDecision,
  note: string,
): RateConflictResolution {
  return {
    document_id: c.document_id,
    decision,
    our_hebesatz: c.hebesatz,
    notice_hebesatz: c.other_hebesatz,
    note: decision === 'keep' ? note.trim() : null,
  };
}
