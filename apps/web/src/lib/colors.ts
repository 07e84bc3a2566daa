/**
 * The colours of the theme that text may use (WCAG AA), apart from the theme (app/theme.ts) so that the
 * shared toasts (components/toast.ts) read them without importing the app's frame.
 */
import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { blend, darkenUntil } from './contrast';

/** The Union's blue, from light to dark. */
export const UNION: MantineColorsTuple = [
  '#e8f1fb',
  '#cfdff2',
  '#a0bde6',
  '#6d98d9',
  '#4479cd',
  '#2b66c6',
  '#1c4e80',
  '#174470',
  '#113a61',
  '#0a2f52',
];

export const PRIMARY_SHADE = 6;

/**
 * WCAG 2.1 AA (1.4.3) asks 4.5:1 for text. Mantine's shade 6 of most palettes (green, yellow, orange, red,
 * blue, gray…) is below that on white, and lower still on the 10 % tints of its "light" variants (badges,
 * alerts). So, for every palette, the theme derives the shades text may use, with a small margin over 4.5.
 */
export const TARGET = 4.6;
/** The lightest surfaces text sits on: white cards, the grey page and striped rows, hovered rows. */
export const SURFACES = ['#ffffff', '#f8f9fa', '#f1f3f5'];
/** Palettes whose filled shade stays bright and takes dark text (a dark yellow would no longer read as yellow). */
const DARK_TEXT_PALETTES = new Set(['yellow', 'lime']);

const colors = { ...DEFAULT_THEME.colors, union: UNION };

/** The shade used for text, outlines and the text of "light" variants of one palette. */
function textShade(palette: MantineColorsTuple): string {
  const base = palette[PRIMARY_SHADE];
  return darkenUntil(base, [...SURFACES, ...SURFACES.map((s) => blend(base, s, 0.12))], TARGET);
}

/** The background of "filled" variants (buttons, badges, toasts) carrying white text. */
function filledShade(name: string, palette: MantineColorsTuple): string {
  const base = palette[PRIMARY_SHADE];
  return DARK_TEXT_PALETTES.has(name) ? base : darkenUntil(base, ['#ffffff'], TARGET);
}

/** Read by the theme, and by the toasts, which paint their own background and text. */
export const ACCESSIBLE_COLORS = Object.fromEntries(
  Object.entries(colors).map(([name, palette]) => [
    name,
    {
      text: textShade(palette as MantineColorsTuple),
      filled: filledShade(name, palette as MantineColorsTuple),
      onFilled: DARK_TEXT_PALETTES.has(name) ? '#000000' : '#ffffff',
    },
  ]),
) as Record<string, { text: string; filled: string; onFilled: '#000000' | '#ffffff' }>;
