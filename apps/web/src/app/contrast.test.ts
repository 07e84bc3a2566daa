import { DEFAULT_THEME } from '@mantine/core';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TOAST_STYLES } from '../components/toast';
import { blend, contrastRatio, darkenUntil, readableOn } from '../lib/contrast';
import { ACCESSIBLE_COLORS, SURFACES } from '../lib/colors';

describe('contrast arithmetic (WCAG 2.1)', () => {
  it('computes the ratios of the reference pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // Mantine's gray.6 on white: the 3.3:1 that axe reported for secondary text.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('darkens a colour just enough', () => {
    const text = darkenUntil('#40c057', ['#ffffff'], 4.5);
    expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(darkenUntil('#000000', ['#ffffff'], 4.5)).toBe('#000000');
  });

  it('picks black or white text on any background with at least 4.5:1', () => {
    for (const bg of ['#f08c00', '#1c7ed6', '#2f9e44', '#7048e8', '#e03131', '#fab005', '#777777']) {
      expect(contrastRatio(readableOn(bg), bg)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('the theme colours', () => {
  it('gives every palette a text shade readable on white, grey and its own tint', () => {
    for (const [name, shades] of Object.entries(ACCESSIBLE_COLORS)) {
      const base = (DEFAULT_THEME.colors[name] ?? ['', '', '', '', '', '', '#1c4e80'])[6]!;
      for (const bg of ['#ffffff', '#f1f3f5', blend(base, '#f1f3f5', 0.12)]) {
        expect(contrastRatio(shades.text, bg), `${name} sur ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrastRatio(shades.onFilled, shades.filled), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('makes every toast readable', () => {
    for (const { color } of Object.values(TOAST_STYLES)) {
      const { filled, onFilled } = ACCESSIBLE_COLORS[color]!;
      expect(contrastRatio(onFilled, filled), color).toBeGreaterThanOrEqual(4.5);
    }
  });
});

/** Every `c="palette.N"` the screens write: a text colour chosen by shade instead of the theme's own. */
function shadedTextColours(): { file: string; palette: string; shade: number }[] {
  const src = join(dirname(fileURLToPath(import.meta.url)), '..');
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
    .flatMap((file) =>
      [...readFileSync(join(src, file), 'utf8').matchAll(/\bc=(?:"|\{[^}]*')([a-z]+)\.(\d)/g)].map(
        ([, palette = '', shade = '']) => ({ file, palette, shade: Number(shade) }),
      ),
    );
}

describe('text colours written with a shade', () => {
  // Convention: text takes the palette's name (c="red"), which the theme maps to its readable shade; a
  // shade written by hand (red.8 is 4.3:1 on white) is only kept where it reads on every surface.
  it('read at 4.5:1 on every surface', () => {
    const found = shadedTextColours();
    expect(found.length).toBeGreaterThan(0);
    for (const { file, palette, shade } of found) {
      const colour = DEFAULT_THEME.colors[palette]?.[shade];
      expect(colour, `${file}: ${palette}.${shade}`).toBeDefined();
      for (const surface of SURFACES)
        expect(
          contrastRatio(colour!, surface),
          `${file}: ${palette}.${shade} sur ${surface}`,
        ).toBeGreaterThanOrEqual(4.5);
    }
  });
});
