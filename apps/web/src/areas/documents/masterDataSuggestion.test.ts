import type { DocumentDetail } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { masterDataSuggestion } from './masterDataSuggestion';

const match = { reason: 'keine Betriebsstätte gefunden' } as NonNullable<DocumentDetail['match']>;
const assigned = { id: 7 } as NonNullable<DocumentDetail['masterData']>;

describe('masterDataSuggestion', () => {
  it('shows the server suggestion while nothing is assigned', () => {
    expect(masterDataSuggestion({ match, masterData: null })).toBe('keine Betriebsstätte gefunden');
  });
  it('hides a stale suggestion once an establishment is assigned', () => {
    expect(masterDataSuggestion({ match, masterData: assigned })).toBeNull();
  });
  it('shows nothing without a suggestion', () => {
    expect(masterDataSuggestion({ match: null, masterData: null })).toBeNull();
  });
});
