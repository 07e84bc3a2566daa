/**
 * The users selected in the list (issue 33), kept across pages and searches until cleared: the rows
 * themselves, so that writing to them needs no other call.
 */
import type { UserListRow } from '@union/contract';
import { useState } from 'react';

export function useUserSelection() {
  const [chosen, setChosen] = useState<ReadonlyMap<number, UserListRow>>(new Map());
  const toggle = (rows: UserListRow[], on: boolean) =>
    setChosen((previous) => {
      const next = new Map(previous);
      for (const row of rows) {
        if (on) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next;
    });
  return {
    rows: [...chosen.values()],
    ids: new Set(chosen.keys()) as ReadonlySet<number>,
    toggle,
    clear: () => setChosen(new Map()),
  };
}
