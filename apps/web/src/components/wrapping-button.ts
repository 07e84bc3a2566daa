import type { ButtonProps } from '@mantine/core';

/**
 * A button whose long label wraps on a phone instead of running out of it. Mantine sets a label's line
 * height to 1, made for one line: on two, a capital's accent (« É ») met the line above and was cut, so
 * the wrapped label gets a real line height.
 */
export const WRAPPING_BUTTON = {
  h: 'auto',
  py: 8,
  styles: { label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.35 } },
} as const satisfies Partial<ButtonProps>;
