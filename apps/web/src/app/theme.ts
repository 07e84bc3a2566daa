import {
  createTheme,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';
import { ACCESSIBLE_COLORS, PRIMARY_SHADE, SURFACES, TARGET, UNION } from '../lib/colors';
import { blend, darkenUntil, readableOn } from '../lib/contrast';
import { rescueFocus } from '../lib/focus-rescue';

const DIMMED = darkenUntil(DEFAULT_THEME.colors.gray[6], SURFACES, TARGET);

// Computed once: the provider asks at every render, and each colour's contrast search takes a few steps.
let variables: ReturnType<CSSVariablesResolver> | undefined;
const cssVariablesResolver: CSSVariablesResolver = () => (variables ??= resolveVariables());

const resolveVariables = (): ReturnType<CSSVariablesResolver> => ({
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
  // Every button, badge and icon asks at each render, always with one theme (ours): remembered per input.
  const key = JSON.stringify([input.variant, input.color, input.gradient, input.autoContrast]);
  let result = resolvedVariants.get(key);
  if (!result) resolvedVariants.set(key, (result = resolveVariant(input)));
  return result;
};
const resolvedVariants = new Map<string, ReturnType<VariantColorsResolver>>();

const resolveVariant: VariantColorsResolver = (input) => {
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
    // A page's title (h2, under the header's name) is 26 px on a large screen and shrinks to 22 px on a
    // phone, where a long title (« Rechargements de cartes Union ») leaves room for the page. In rem, so
    // it still grows with the reader's zoom.
    sizes: { h2: { fontSize: 'clamp(1.375rem, 1rem + 1.5vw, 1.625rem)' } },
  },
  variantColorResolver,
  components: {
    // Every close button is named (WCAG 4.1.2): the modals, drawers and toasts have an icon only.
    // A dialog whose opener the action removed gives the focus to its twin or the page's heading.
    Modal: { defaultProps: { closeButtonProps: CLOSE, onExitTransitionEnd: () => rescueFocus() } },
    Drawer: { defaultProps: { closeButtonProps: CLOSE } },
    Notification: { defaultProps: { closeButtonProps: CLOSE } },
    CloseButton: { defaultProps: CLOSE },
    ColorInput: {
      defaultProps: { eyeDropperButtonProps: { 'aria-label': "Prendre une couleur à l'écran" } },
    },
    // A button's or badge's label is never cut (« Modifie », « Devis… »): Mantine hides its overflow, which
    // makes its minimum width zero, so a table column shrank below the word.
    Button: { styles: { label: { overflow: 'visible' } } },
    // Statuses read as written (« En attente »), not in capitals: Mantine's badges shout by default.
    Badge: { styles: { label: { overflow: 'visible', textTransform: 'none' } } },
    // A menu holds menu items only (ARIA 1.2 required children): Mantine's focus placeholder is a bare
    // <div tabindex=-1> inside role=menu, which axe reports (« Encaisser », issue 21). Opened by the
    // keyboard, the arrows still reach the items and Escape gives the focus back to the button.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
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
