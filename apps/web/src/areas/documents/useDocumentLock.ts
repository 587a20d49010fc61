import type { DocumentLock } from '@gewst/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { documentKeys, documentQuery, keepLocking, releaseLock } from '../../api/documents';
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
  /** Another user held it and has let it go: "Jetzt bearbeiten" is offered, nothing is taken silently. */
  | { kind: 'free' }
  | { kind: 'failed' };

/** While another user holds the lock, ask for the document (and so its lock) this often. */
export const LOCK_WATCH_MS = 4_000;

/** What a waiting user sees of a lock read with the document: still someone else's, or free. */
export function watchedLockState(lock: DocumentLock): LockState {
  return lock.locked_by && !lock.mine ? { kind: 'other', lock } : { kind: 'free' };
}

export interface DocumentLockControl {
  state: LockState;
  /** Takes the lock after it came free ("Jetzt bearbeiten"); the document is read anew first. */
  takeOver: () => void;
}

/**
 * Holds the document's edit lock while the screen is open (POST keepLocking periodically)
 * and releases it when leaving — also when the tab is closed, through a keepalive request
 * on pagehide that carries the bearer token. When another user holds the lock, reads the
 * document again every few seconds (the read-only view follows the holder's changes) and
 * reports `free` once the lock is gone; the user then takes it with `takeOver`.
 */
export function useDocumentLock(id: number, enabled: boolean): DocumentLockControl {
  const [state, setState] = useState<LockState>(enabled ? { kind: 'pending' } : { kind: 'off' });
  const queryClient = useQueryClient();
  const mine = useRef(false);
  const token = useRef<string | null>(null);
  const restart = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!enabled || !Number.isInteger(id) || id <= 0) {
      setState({ kind: 'off' });
      return;
    }
    setState({ kind: 'pending' });
    let stopped = false;
    let released = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // hold: take and renew the lock; watch: someone else has it, only look
    let mode: 'hold' | 'watch' = 'hold';

    const hold = async (): Promise<number> => {
      // Remembered for the pagehide handler, which cannot wait for a token renewal.
      token.current = await getAccessToken();
      const lock = await keepLocking(id);
      if (stopped) return 0;
      mine.current = lock.mine;
      if (lock.mine) {
        released = false; // taken again, e.g. after the page came back from the cache
        setState({ kind: 'mine', lock });
        return nextRenewDelay(lock.expires_at);
      }
      mode = 'watch';
      setState({ kind: 'other', lock });
      return LOCK_WATCH_MS;
    };

    const watch = async (): Promise<number> => {
      const doc = await queryClient.fetchQuery({ ...documentQuery(id), staleTime: 0 });
      if (!stopped) setState(watchedLockState(doc.lock));
      return LOCK_WATCH_MS;
    };

    const tick = async () => {
      let delay = mode === 'hold' ? LOCK_RENEW_MS : LOCK_WATCH_MS;
      try {
        delay = await (mode === 'hold' ? hold() : watch());
      } catch (error) {
        if (stopped) return;
        console.error('Sperre konnte nicht erneuert werden', error);
        mine.current = false;
        if (mode === 'hold') setState({ kind: 'failed' });
      }
      if (!stopped) timer = setTimeout(() => void tick(), delay);
    };
    void tick();

    restart.current = () => {
      if (stopped) return;
      clearTimeout(timer);
      mode = 'hold';
      setState({ kind: 'pending' });
      // the holder may have changed fields: show the document as it is now
      void queryClient.invalidateQueries({ queryKey: documentKeys.detail(id) });
      void tick();
    };

    const releaseOnExit = () => {
      if (released || !mine.current) return;
      released = true;
      sendOnExit(`documents/${id}/releaseLock`, token.current);
    };
    window.addEventListener('pagehide', releaseOnExit);

    return () => {
      stopped = true;
      clearTimeout(timer);
      restart.current = () => undefined;
      window.removeEventListener('pagehide', releaseOnExit);
      if (mine.current && !released) {
        released = true;
        void releaseLock(id).catch((error: unknown) => console.error('Sperre nicht freigegeben', error));
      }
      mine.current = false;
    };
  }, [id, enabled, queryClient]);

  const takeOver = useCallback(() => restart.current(), []);
  return { state, takeOver };
}
