import { describe, expect, it } from 'vitest';
import { blend, contrastRatio } from '../../../lib/contrast';
import { STATE_COLORS, blockColors } from './colors';

describe('the planning blocks (issue 21)', () => {
  it('read at 4.5:1 on every state and room colour, stripes included', () => {
    const colors = [
      ...Object.values(STATE_COLORS),
      '#1c7ed6',
      '#7048e8',
      '#2f9e44',
      '#f08c00',
      '#e03131',
      '#0c8599',
      '#c2255c',
      '#5c940d',
      '#ffffff',
      '#fab005',
    ];
    for (const color of colors)
      for (const pending of [false, true]) {
        const { background, text } = blockColors(color, pending);
        expect(contrastRatio(text, background), `${color} ${pending}`).toBeGreaterThanOrEqual(4.5);
        if (pending)
          expect(
            contrastRatio(text, blend('#ffffff', background, 0.28)),
            `${color} rayé`,
          ).toBeGreaterThanOrEqual(4.5);
      }
  });
});
