import type { SettingEntry } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { settingEntryOf } from './useSetting';

const entry = (key: string, value: unknown): SettingEntry => ({
  key,
  group: 'defaults',
  label: key,
  value,
  default: null,
  stored: true,
});

describe('settingEntryOf', () => {
  it('finds the entry of exactly the asked key, undefined while loading or when the server does not list it', () => {
    const entries = [entry('documents.lock_seconds', 600), entry('zerlegung.rundung', 'half_up')];
    expect(settingEntryOf(entries, 'zerlegung.rundung')?.value).toBe('half_up');
    expect(settingEntryOf(entries, 'documents.lock_seconds')?.value).toBe(600);
    expect(settingEntryOf(entries, 'calendar.holidays')).toBeUndefined();
    expect(settingEntryOf(undefined, 'zerlegung.rundung')).toBeUndefined();
  });
});
