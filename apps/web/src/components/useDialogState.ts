/**
 * The state of a dialog mounted only while open (`{editing && <Modal opened …/>}`). Mantine gives the focus
 * back when a Modal's `opened` turns false, but such a dialog is unmounted at once and the focus falls to
 * the page's top. This state remembers the element that had the focus when the dialog opened and gives it
 * back when it closes (WCAG 2.4.3), or, when the action took it away, its twin or the page's heading
 * (lib/focus-rescue.ts), with the same API as useState.
 */
import { useCallback, useRef, useState } from 'react';
import { rescueFocus } from '../lib/focus-rescue';

export function useDialogState<T>(): [T | null, (value: T | null) => void] {
  const [value, setValue] = useState<T | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const set = useCallback((next: T | null) => {
    if (next !== null) {
      if (!opener.current) opener.current = document.activeElement as HTMLElement | null;
    } else {
      const element = opener.current;
      opener.current = null;
      // After the dialog's unmount and its focus trap's release.
      rescueFocus(element);
    }
    setValue(next);
  }, []);
  return [value, set];
}
