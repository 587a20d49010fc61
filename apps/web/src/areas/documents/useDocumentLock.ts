import type { DocumentLock } from '@gewst/domain';
import { useEffect, useRef, useState } from 'react';
import { keepLocking, releaseLock } from '../../api/documents';
import { sendOnExit } from '../../api/client';
import { getAccessToken } from '../../auth/userManager';

/** Renew the lock this often, or sooner when the server's lock expires earlier. */
export const LOCK_RENEW_MS = 20_000;
const MIN_RENEW_MS = 3_000;

/** When to renew next: a third of the remaining lock time, within [3 s, 20 s]. */
export function nextRenewDelay(expiresAt: string | null, now = Date.now()): number {
  if (!expiresAt) return LOCK_RENEW_MS;
  const remaining = Date.parse(expiresAt) - now;
  if (!Number.isFinite(remaining)) return LOCK_RENEW_MS;
  return Math.min(LOCK_RENEW_MS, Math.max(MIN_RENEW_MS, Math.floor(remaining / 3)));
}

export type LockState =
  | { kind: 'off' }
  | { kind: 'pending' }
  | { kind: 'mine'; lock: DocumentLock }
  | { kind: 'other'; lock: DocumentLock }
  | { kind: 'failed' };

/**
 * Holds the document's edit lock while the screen is open (POST keepLocking periodically)
 * and releases it when leaving — also when the tab is closed, through a keepalive request
 * on pagehide that carries the bearer token. When another user holds the lock, keeps asking
 * so the document becomes editable once it is free.
 */
export function useDocumentLock(id: number, enabled: boolean): LockState {
  const [state, setState] = useState<LockState>(enabled ? { kind: 'pending' } : { kind: 'off' });
  const mine = useRef(false);
  const token = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled || !Number.isInteger(id) || id <= 0) {
      setState({ kind: 'off' });
      return;
    }
    setState({ kind: 'pending' });
    let stopped = false;
    let released = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const tick = async () => {
      let delay = LOCK_RENEW_MS;
      try {
        // Remembered for the pagehide handler, which cannot wait for a token renewal.
        token.current = await getAccessToken();
        const lock = await keepLocking(id);
        if (stopped) return;
        mine.current = lock.mine;
        if (lock.mine) released = false; // taken again, e.g. after the page came back from the cache
        setState(lock.mine ? { kind: 'mine', lock } : { kind: 'other', lock });
        delay = nextRenewDelay(lock.expires_at);
      } catch (error) {
        if (stopped) return;
        console.error('Sperre konnte nicht erneuert werden', error);
        mine.current = false;
        setState({ kind: 'failed' });
      }
      if (!stopped) timer = setTimeout(() => void tick(), delay);
    };
    void tick();

    const releaseOnExit = () => {
      if (released || !mine.current) return;
      released = true;
      sendOnExit(`documents/${id}/releaseLock`, token.current);
    };
    window.addEventListener('pagehide', releaseOnExit);

    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('pagehide', releaseOnExit);
      if (mine.current && !released) {
        released = true;
        void releaseLock(id).catch((error: unknown) => console.error('Sperre nicht freigegeben', error));
      }
      mine.current = false;
    };
  }, [id, enabled]);

  return state;
}
