import type { ButtonProps } from '@mantine/core';

/**
 * A button whose long label wraps on a phone instead of being cut. Mantine draws a label on one line of
 * height 1 with its overflow hidden: on two lines that clips the accent of a capital (« É »), so the
 * wrapped label gets a real line height.
 */
export const WRAPPING_BUTTON = {
  h: 'auto',
  py: 8,
  styles: { label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.35 } },
} as const satisfies Partial<ButtonProps>;
