import { DEFAULT_EXPORT_SETTINGS } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { exportTargetsFormOf, exportTargetsValueOf } from './exportTargetsForm';

describe('export-target form', () => {
  it('round-trips a stored value and sends a switched-off HTTP target as null', () => {
    const stored = {
      ...DEFAULT_EXPORT_SETTINGS,
      directory: { enabled: false, path: 'erp/gewst' },
      http: { url: 'https://erp.example.com/in', token_env: 'EXPORT_TOKEN_ERP' },
    };
    expect(exportTargetsValueOf(exportTargetsFormOf(stored))).toEqual(stored);
    const off = { ...exportTargetsFormOf(stored), httpEnabled: false, directoryPath: ' neu ' };
    expect(exportTargetsValueOf(off)).toMatchObject({ http: null, directory: { path: 'neu' } });
  });
});
