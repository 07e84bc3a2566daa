/**
 * Toasts (specification §3 "Toast", §9): a type, a text, an optional delay and class name. Each type has its
 * display time and colour; an unknown type falls back to the default one.
 */
import { notifications } from '@mantine/notifications';
import { ACCESSIBLE_COLORS } from '../lib/colors';

type ToastType = 'success' | 'info' | 'warning' | 'danger' | 'default';

interface ToastStyle {
  /** Mantine colour of the toast's background (the text is light on it). */
  color: string;
  /** Milliseconds before the toast hides itself. */
  delay: number;
}

export const TOAST_STYLES: Record<ToastType, ToastStyle> = {
  success: { color: 'green', delay: 5000 },
  info: { color: 'blue', delay: 5000 },
  default: { color: 'dark', delay: 5000 },
  warning: { color: 'yellow', delay: 10000 },
  danger: { color: 'red', delay: 10000 },
};

/** What the specification gives a toast that has no time of its own (it still hides automatically). */
const TOAST_FALLBACK_DELAY = 500000;

interface ToastOptions {
  delay?: number;
  className?: string;
}

export function toastStyle(type: string): ToastStyle {
  return TOAST_STYLES[type as ToastType] ?? TOAST_STYLES.default;
}

/** Shows a toast at the top of the screen; returns its id (to hide it early with notifications.hide). */
export function toast(type: ToastType, text: string, options: ToastOptions = {}): string {
  const { color, delay } = toastStyle(type);
  // The theme's filled shades carry light text at 4.5:1 or more; yellow stays bright and takes dark text.
  const background = `var(--mantine-color-${color}-filled)`;
  const foreground = ACCESSIBLE_COLORS[color]?.onFilled ?? '#ffffff';
  return notifications.show({
    message: text,
    color,
    autoClose: options.delay ?? delay ?? TOAST_FALLBACK_DELAY,
    className: options.className,
    withBorder: false,
    styles: {
      root: { backgroundColor: background },
      description: { color: foreground, fontWeight: 500 },
      closeButton: { color: foreground },
    },
  });
}
