import type { RateConflict } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { decisionText, isResolvable, noteError, resolutionBody } from './rateConflicts';

const notice: RateConflict = {
  master_data_id: 4,
  designation: 'Niederlassung Stuttgart',
  ags: '08111000',
  municipality_name: 'Stuttgart, Landeshauptstadt',
  year: 2023,
  hebesatz: 420,
  source: 'reference',
  kind: 'notice',
  other_hebesatz: 435,
  difference: -15,
  other_master_data_id: null,
  other_designation: null,
  document_id: 17,
  document_filename: 'GewSt-2023.pdf',
};

describe('rate conflict decisions', () => {
  it('offers a decision only for a conflict with a confirmed notice', () => {
    expect(isResolvable(notice)).toBe(true);
    expect(isResolvable({ ...notice, kind: 'reference', document_id: null, document_filename: null })).toBe(
      false,
    );
    expect(isResolvable({ ...notice, kind: 'group', other_master_data_id: 5, document_id: null })).toBe(
      false,
    );
  });

  it('says in the dialog what each decision does, with both rates, the year and the notice', () => {
    const adopt = decisionText(notice as RateConflict & { document_id: number }, 'adopt');
    expect(adopt).toContain('Stuttgart gilt 2023 dann 435 % statt 420 %');
    expect(adopt).toContain('„GewSt-2023.pdf“');
    expect(adopt).toContain('alle Betriebsstätten');
    const keep = decisionText(notice as RateConflict & { document_id: number }, 'keep');
    expect(keep).toContain('bleibt 2023 unser Satz von 420 %');
    expect(keep).toContain('nennt 435 %');
  });

  it('requires a reason to keep our rate, none to adopt, and at most 500 characters', () => {
    expect(noteError('keep', '  ')).toBe('Bitte begründen, warum unser Hebesatz gilt.');
    expect(noteError('keep', 'Einspruch eingelegt')).toBeNull();
    expect(noteError('adopt', '')).toBeNull();
    expect(noteError('keep', 'x'.repeat(501))).toBe('Die Begründung darf höchstens 500 Zeichen lang sein.');
  });

  it('sends the rates shown (stale decisions are refused) and the trimmed reason only when keeping', () => {
    const c = notice as RateConflict & { document_id: number };
    expect(resolutionBody(c, 'keep', '  Einspruch eingelegt ')).toEqual({
      document_id: 17,
      decision: 'keep',
      our_hebesatz: 420,
      notice_hebesatz: 435,
      note: 'Einspruch eingelegt',
    });
    expect(resolutionBody(c, 'adopt', 'ignored')).toMatchObject({ decision: 'adopt', note: null });
  });
});
