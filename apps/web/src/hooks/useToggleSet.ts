import { useState } from 'react';

/** A set of ids ticked in a checkbox list, with one toggle per id. */
export function useToggleSet(initial: () => Iterable<number>) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set(initial()));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  /** The ticked ids in ascending order, as the API takes them. */
  const sorted = () => [...selected].sort((a, b) => a - b);
  return { selected, toggle, sorted };
}
