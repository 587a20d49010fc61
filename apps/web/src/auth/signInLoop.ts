import type { KeyValueStorage } from '../store/appStore';

/**
 * Breaks the sign-in loop of a misconfigured installation: when the API refuses every
 * token the provider issues (wrong audience, missing username claim), a 401 right after
 * a sign-in must not start the next sign-in, or the browser bounces for ever.
 */
export const SIGN_IN_STARTED_KEY = 'gewst.signInStartedAt';
export const SIGN_IN_LOOP_WINDOW_MS = 30_000;

/** Called when a sign-in redirect starts. */
export function markSignInStarted(storage: KeyValueStorage | null, now = Date.now()): void {
  try {
    storage?.setItem(SIGN_IN_STARTED_KEY, String(now));
  } catch {
    // without storage there is no loop protection, and nothing else changes
  }
}

/** Called once the API has accepted a token: the sign-in worked. */
export function clearSignInMark(storage: KeyValueStorage | null): void {
  try {
    storage?.removeItem(SIGN_IN_STARTED_KEY);
  } catch {
    // see above
  }
}

/** True when a sign-in started moments ago and the API has not accepted a token since. */
export function signInJustFailed(storage: KeyValueStorage | null, now = Date.now()): boolean {
  try {
    const started = Number(storage?.getItem(SIGN_IN_STARTED_KEY) ?? Number.NaN);
    return Number.isFinite(started) && now - started >= 0 && now - started < SIGN_IN_LOOP_WINDOW_MS;
  } catch {
    return false;
  }
}
