import { describe, expect, it } from 'vitest';
import { importFolderFormOf, importFolderValueOf } from './importFolderForm';

describe('import folder form', () => {
  it('starts from the stored value, or from the installation default while nothing is stored', () => {
    expect(importFolderFormOf(null)).toEqual({ enabled: true, path: '', interval_seconds: '5' });
    expect(importFolderFormOf({ enabled: false, path: 'eingang', interval_seconds: 60 })).toEqual({
      enabled: false,
      path: 'eingang',
      interval_seconds: '60',
    });
  });

  it('sends whole seconds and a trimmed folder; refuses a non-number before asking the server', () => {
    expect(importFolderValueOf({ enabled: true, path: ' eingang/a ', interval_seconds: ' 30 ' })).toEqual({
      value: { enabled: true, path: 'eingang/a', interval_seconds: 30 },
    });
    expect(importFolderValueOf({ enabled: true, path: '', interval_seconds: '2,5' })).toEqual({
      error: { field: 'interval_seconds', message: 'Bitte eine ganze Zahl von Sekunden angeben.' },
    });
  });
});
