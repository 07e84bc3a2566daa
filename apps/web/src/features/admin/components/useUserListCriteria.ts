/**
 * The user list's criteria, kept in the address so that "back" finds them again; the typed text reaches
 * the address once typing pauses.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { userListCriteria } from '../api/users';

export function useUserListCriteria() {
  const [params, setParams] = useSearchParams();
  const criteria = userListCriteria(params);
  const [text, setText] = useState(criteria.texte ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 300);

  /** Changes some criteria; any change but the page goes back to page 1. */
  const update = (changes: Record<string, string | number | undefined | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if ((criteria.texte ?? '') !== debounced) update({ texte: debounced });
    // Only the typed text drives this; the other criteria change through `update` directly.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return { criteria, text, setText, update };
}
