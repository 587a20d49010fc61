import { describe, expect, it } from 'vitest';
import { LOCK_RENEW_MS, nextRenewDelay, watchedLockState } from './useDocumentLock';

describe('lock renewal', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it('renews every 20 s when the lock lasts long enough', () => {
    expect(nextRenewDelay('2026-01-01T12:05:00Z', now)).toBe(LOCK_RENEW_MS);
    expect(nextRenewDelay(null, now)).toBe(LOCK_RENEW_MS);
  });
  it('renews sooner for a short lock, but not more often than every 3 s', () => {
    expect(nextRenewDelay('2026-01-01T12:00:30Z', now)).toBe(10_000);
    expect(nextRenewDelay('2026-01-01T12:00:01Z', now)).toBe(3_000);
    expect(nextRenewDelay('kaputt', now)).toBe(LOCK_RENEW_MS);
  });
});

describe('waiting for a lock held by another user', () => {
  const sven = { id: 2, username: 'sachbearbeitung', name: 'Sven Sachbearbeiter' };
  it('stays read-only while the other user holds it', () => {
    const lock = { locked_by: sven, expires_at: '2026-01-01T12:05:00Z', mine: false };
    expect(watchedLockState(lock)).toEqual({ kind: 'other', lock });
  });
  it('offers to edit (without taking the lock) once it is free', () => {
    expect(watchedLockState({ locked_by: null, expires_at: null, mine: false })).toEqual({ kind: 'free' });
  });
});
