import {
  createTheme,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';
import { blend, darkenUntil, readableOn } from './contrast';

/** The Union's blue, from light to dark. */
const UNION: MantineColorsTuple = [
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

const PRIMARY_SHADE = 6;

/**
 * WCAG 2.1 AA (1.4.3) asks 4.5:1 for text. Mantine's shade 6 of most palettes (green, yellow, orange, red,
 * blue, gray…) is below that on white, and lower still on the 10 % tints of its "light" variants (badges,
 * alerts). So, for every palette, the theme derives the shades text may use, with a small margin over 4.5.
 */
const TARGET = 4.6;
/** The lightest surfaces text sits on: white cards, the grey page and striped rows, hovered rows. */
const SURFACES = ['#ffffff', '#f8f9fa', '#f1f3f5'];
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

/** Exported for the toasts, which paint their own background and text. */
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

const DIMMED = darkenUntil(DEFAULT_THEME.colors.gray[6], SURFACES, TARGET);

const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // Secondary text (c="dimmed", descriptions, hints) and placeholders: readable, yet lighter than values.
    '--mantine-color-dimmed': DIMMED,
    '--mantine-color-placeholder': DIMMED,
    '--mantine-color-error': ACCESSIBLE_COLORS.red!.text,
    ...Object.fromEntries(
      Object.entries(ACCESSIBLE_COLORS).flatMap(([name, shades]) => [
        [`--mantine-color-${name}-text`, shades.text],
        [`--mantine-color-${name}-light-color`, shades.text],
        [`--mantine-color-${name}-outline`, shades.text],
        [`--mantine-color-${name}-filled`, shades.filled],
        [`--mantine-color-${name}-filled-hover`, darkenUntil(shades.filled, ['#ffffff'], TARGET + 1)],
      ]),
    ),
  },
  dark: {},
});

/**
 * Text on filled backgrounds: dark on the bright palettes, and for colours that are not a palette (a room's
 * own colour), black or white, whichever reads better. "Light" variants of such colours get a darkened text.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const result = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (input.variant === 'filled') {
    if (parsed.isThemeColor && parsed.shade === undefined)
      return { ...result, color: ACCESSIBLE_COLORS[parsed.color]?.onFilled ?? result.color };
    if (parsed.value.startsWith('#')) return { ...result, color: readableOn(parsed.value) };
  }
  if (input.variant === 'light' && !parsed.isThemeColor && parsed.value.startsWith('#'))
    return {
      ...result,
      color: darkenUntil(
        parsed.value,
        [...SURFACES, ...SURFACES.map((s) => blend(parsed.value, s, 0.12))],
        TARGET,
      ),
    };
  return result;
};

const CLOSE = { 'aria-label': 'Fermer' };

/** The month, year and decade arrows and the level buttons of every date picker, in French. */
const CALENDAR_LABELS = {
  ariaLabels: {
    previousMonth: 'Mois précédent',
    nextMonth: 'Mois suivant',
    previousYear: 'Année précédente',
    nextYear: 'Année suivante',
    previousDecade: 'Décennie précédente',
    nextDecade: 'Décennie suivante',
    monthLevelControl: "Choisir le mois dans l'année",
    yearLevelControl: 'Choisir l’année dans la décennie',
  },
  classNames: { day: 'union-calendar-day' },
};

export const theme = createTheme({
  primaryColor: 'union',
  colors: { union: UNION },
  primaryShade: PRIMARY_SHADE,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  variantColorResolver,
  components: {
    // Every close button is named (WCAG 4.1.2): the modals, drawers and toasts have an icon only.
    Modal: { defaultProps: { closeButtonProps: CLOSE } },
    Drawer: { defaultProps: { closeButtonProps: CLOSE } },
    Notification: { defaultProps: { closeButtonProps: CLOSE } },
    CloseButton: { defaultProps: CLOSE },
    ColorInput: {
      defaultProps: { eyeDropperButtonProps: { 'aria-label': "Prendre une couleur à l'écran" } },
    },
    // A button's or badge's label is never cut (« Modifie », « Devis… »): Mantine hides its overflow, which
    // makes its minimum width zero, so a table column shrank below the word.
    Button: { styles: { label: { overflow: 'visible' } } },
    Badge: { styles: { label: { overflow: 'visible' } } },
    // Choosing the selected option again keeps it: a select empties only through its clear button.
    Select: { defaultProps: { allowDeselect: false } },
    // A link inside a sentence is underlined, not told by its colour alone (1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    DatePickerInput: { defaultProps: CALENDAR_LABELS },
    DatePicker: { defaultProps: CALENDAR_LABELS },
    DateInput: { defaultProps: CALENDAR_LABELS },
    Calendar: { defaultProps: CALENDAR_LABELS },
  },
});

export { cssVariablesResolver };
