import { describe, expect, it } from 'vitest';
import { contrastText, FALLBACK_COMPANY_COLOR, resolveMainColor } from './color';
import { unionPermissions } from './permissions';

describe('resolveMainColor', () => {
  it('accepts 3- and 6-digit hex colours', () => {
    expect(resolveMainColor('#abc')).toBe('#abc');
    expect(resolveMainColor('#1264af')).toBe('#1264af');
  });
  it('falls back to rgb(250,250,250) for missing or invalid colours', () => {
    for (const bad of [null, undefined, '', '#12', '#12345', '1264af', '#ggg', 'red', '#1264af0']) {
      expect(resolveMainColor(bad)).toBe(FALLBACK_COMPANY_COLOR);
    }
  });
  it('picks readable text colours', () => {
    expect(contrastText('#2D3A43')).toBe('#ffffff');
    expect(contrastText(FALLBACK_COMPANY_COLOR)).toBe('#000000');
  });
});

describe('unionPermissions', () => {
  it('de-duplicates across roles and keeps catalogue order', () => {
    const roles = [
      { permissions: [{ name: 'read-all-data' }, { name: 'read-data' }] },
      { permissions: [{ name: 'read-data' }, { name: 'change-masterdata' }, { name: 'unknown' }] },
    ];
    expect(unionPermissions(roles)).toEqual(['read-data', 'read-all-data', 'change-masterdata']);
  });
});
