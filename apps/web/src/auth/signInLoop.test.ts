import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '../store/appStore';
import { clearSignInMark, markSignInStarted, SIGN_IN_LOOP_WINDOW_MS, signInJustFailed } from './signInLoop';

function memoryStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}

describe('sign-in loop protection', () => {
  it('reports a 401 right after a sign-in as a failed sign-in', () => {
    const storage = memoryStorage();
    markSignInStarted(storage, 1_000);
    expect(signInJustFailed(storage, 1_000 + SIGN_IN_LOOP_WINDOW_MS - 1)).toBe(true);
  });

  it('lets a later 401 (an ended session) sign in again', () => {
    const storage = memoryStorage();
    markSignInStarted(storage, 1_000);
    expect(signInJustFailed(storage, 1_000 + SIGN_IN_LOOP_WINDOW_MS)).toBe(false);
  });

  it('forgets the sign-in once the API accepted a token', () => {
    const storage = memoryStorage();
    markSignInStarted(storage, 1_000);
    clearSignInMark(storage);
    expect(signInJustFailed(storage, 1_001)).toBe(false);
  });

  it('never blocks without storage or a mark', () => {
    expect(signInJustFailed(null)).toBe(false);
    expect(signInJustFailed(memoryStorage())).toBe(false);
  });
});
