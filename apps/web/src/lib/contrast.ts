/**
 * WCAG 2.1 contrast arithmetic (success criterion 1.4.3), used by the theme to derive, from each Mantine
 * palette, the shades that text, badges, buttons and toasts may use: computed rather than picked by eye, so
 * that a colour added later is readable too.
 */

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const value = hex.replace('#', '');
  const full =
    value.length === 3
      ? value
          .split('')
          .map((c) => c + c)
          .join('')
      : value;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance of an sRGB colour (WCAG 2.1 definition). */
function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio between two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  return ratioOfLuminances(luminance(a), luminance(b));
}

function ratioOfLuminances(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** `top` laid over `bottom` with the given opacity (how Mantine's "light" backgrounds are drawn). */
export function blend(top: string, bottom: string, opacity: number): string {
  const t = parseHex(top);
  const b = parseHex(bottom);
  return toHex(t.map((c, i) => c * opacity + b[i]! * (1 - opacity)) as Rgb);
}

/** Mixes a colour towards black, `amount` from 0 (unchanged) to 1 (black). */
function darken(hex: string, amount: number): string {
  return toHex(parseHex(hex).map((c) => c * (1 - amount)) as Rgb);
}

/** The colour itself, or the least darkened version of it that reaches `ratio` against every background. */
export function darkenUntil(hex: string, backgrounds: string[], ratio: number): string {
  // The theme runs this for every palette before the first screen is drawn: each background's luminance
  // is computed once, not at every step (issue 18).
  const surfaces = backgrounds.map(luminance);
  for (let amount = 0; amount < 1; amount += 0.02) {
    const candidate = darken(hex, amount);
    const own = luminance(candidate);
    if (surfaces.every((surface) => ratioOfLuminances(own, surface) >= ratio)) return candidate;
  }
  return '#000000';
}

/** Black or white, whichever reads better on `background` (at least 4.58:1 whatever the background). */
export function readableOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio('#ffffff', background) >= contrastRatio('#000000', background) ? '#ffffff' : '#000000';
}
