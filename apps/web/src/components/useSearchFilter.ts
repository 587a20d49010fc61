import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Pause after the last key before a typed filter goes into the address (and the query). */
export const TYPED_FILTER_DELAY_MS = 400;

/**
 * A typed text filter kept in the address (`?suche=…`): the field follows every key, the
 * address (and so the query) follows after a short pause; `onApplied` runs then (e.g. back to page 1).
 */
export function useSearchFilter(key: string, onApplied?: () => void) {
  const [search, setSearch] = useSearchParams();
  const applied = search.get(key)?.trim() ?? '';
  const [value, setValue] = useState(applied);

  useEffect(() => {
    const next = value.trim();
    if (next === applied) return;
    const timer = window.setTimeout(() => {
      setSearch(
        (current) => {
          const params = new URLSearchParams(current);
          if (next) params.set(key, next);
          else params.delete(key);
          params.delete('page');
          return params;
        },
        { replace: true },
      );
      onApplied?.();
    }, TYPED_FILTER_DELAY_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text triggers this
  }, [value]);

  return { value, applied, onChange: setValue };
}
