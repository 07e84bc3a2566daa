/**
 * A dialog closed gives the focus back to the button that opened it, or to a fallback (a card's heading)
 * when that button is gone (« Commander » once the order is taken). The dialogs are unmounted on
 * closing, which Mantine's own return does not cover.
 */
import { useRef, type RefObject } from 'react';

export function useDialogFocus<E extends HTMLElement>(fallback: RefObject<E | null>) {
  const opener = useRef<HTMLElement | null>(null);
  /** Wraps a setter that opens a dialog: remembers the element that had the focus. */
  const opening =
    <T>(set: (v: T) => void) =>
    (v: T) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      set(v);
    };
  /** Wraps a dialog's closing: gives the focus back once it is gone. */
  const closing = (close: () => void) => () => {
    close();
    window.setTimeout(() => {
      const el = opener.current;
      if (el && el.isConnected && !el.matches(':disabled')) el.focus();
      else fallback.current?.focus();
    }, 20);
  };
  return { opening, closing };
}
