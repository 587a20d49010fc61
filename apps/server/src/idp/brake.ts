/**
 * Brute-force brake of the embedded sign-in. Failures are counted per normalised user
 * name *and address* and per address alone; past a few free failures every further one
 * doubles the wait before the next attempt of that key is even checked (15 s, 30 s, 60 s …
 * up to 15 minutes). There is no hard lock-out: the real user signs in from another address
 * at once, and from the same address after the wait. A successful sign-in clears its name's
 * count. Counters forget after an hour without failures.
 *
 * Held in memory: the embedded provider serves one instance (production requires an
 * external identity provider); at most MAX_KEYS keys are kept, the oldest dropped first.
 */
export interface BrakeOptions {
  /** Failures per name and address before waiting starts (default 5). */
  freePerName?: number;
  /** Failures per address (any names) before waiting starts (default 25). */
  freePerAddress?: number;
  /** First wait in seconds, doubled with every further failure (default 15). */
  firstWaitSeconds?: number;
  maxWaitSeconds?: number;
  forgetAfterSeconds?: number;
  now?: () => number;
}

interface Counter {
  failures: number;
  last: number;
  blockedUntil: number;
}

const MAX_KEYS = 10_000;

/** The one normalisation of a typed user name, used by sign-in and by the brake. */
export const normaliseUsername = (name: string) => name.normalize('NFKC').trim().toLowerCase();

export interface SignInBrake {
  /** Seconds until this name may be tried from this address again (0: now). */
  waitSeconds(username: string, address: string): number;
  /** Records a failure; returns the counts and the wait it caused. */
  failed(username: string, address: string): { failures: number; waitSeconds: number };
  succeeded(username: string, address: string): void;
}

export function createSignInBrake(options: BrakeOptions = {}): SignInBrake {
  const freePerName = options.freePerName ?? 5;
  const freePerAddress = options.freePerAddress ?? 25;
  const first = options.firstWaitSeconds ?? 15;
  const max = options.maxWaitSeconds ?? 15 * 60;
  const forget = (options.forgetAfterSeconds ?? 3600) * 1000;
  const now = options.now ?? Date.now;
  const counters = new Map<string, Counter>();

  const keys = (username: string, address: string) => ({
    name: `n:${normaliseUsername(username)}\u0000${address}`,
    address: `a:${address}`,
  });
  const get = (key: string): Counter | null => {
    const c = counters.get(key);
    if (c && now() - c.last > forget && c.blockedUntil <= now()) {
      counters.delete(key);
      return null;
    }
    return c ?? null;
  };
  const bump = (key: string, free: number): Counter => {
    const c = get(key) ?? { failures: 0, last: 0, blockedUntil: 0 };
    counters.delete(key); // re-insert: the Map's order is the eviction order
    c.failures += 1;
    c.last = now();
    if (c.failures > free) {
      const wait = Math.min(max, first * 2 ** (c.failures - free - 1));
      c.blockedUntil = now() + wait * 1000;
    }
    counters.set(key, c);
    while (counters.size > MAX_KEYS) counters.delete(counters.keys().next().value!);
    return c;
  };
  const remaining = (c: Counter | null) => (c ? Math.max(0, Math.ceil((c.blockedUntil - now()) / 1000)) : 0);

  return {
    waitSeconds(username, address) {
      const k = keys(username, address);
      return Math.max(remaining(get(k.name)), remaining(get(k.address)));
    },
    failed(username, address) {
      const k = keys(username, address);
      const byName = bump(k.name, freePerName);
      const byAddress = bump(k.address, freePerAddress);
      return {
        failures: byName.failures,
        waitSeconds: Math.max(remaining(byName), remaining(byAddress)),
      };
    },
    succeeded(username, address) {
      counters.delete(keys(username, address).name);
    },
  };
}

/** "15 Sekunden", "2 Minuten" */
export function germanDuration(seconds: number): string {
  if (seconds < 90) return `${seconds} Sekunde${seconds === 1 ? '' : 'n'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} Minuten`;
}
