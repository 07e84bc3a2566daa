import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../../lib/contrast';
import { HEAT_STEPS, heatStep } from './heat';

describe('the heat map’s scale', () => {
  it('writes every figure at 4.5:1 or more on its shade', () => {
    for (const step of HEAT_STEPS)
      expect(contrastRatio(step.color, step.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('puts nothing on the lightest shade, the maximum on the darkest, the rest in four bands', () => {
    expect(heatStep(0, 8)).toBe(HEAT_STEPS[0]);
    expect(heatStep(1, 8)).toBe(HEAT_STEPS[1]);
    expect(heatStep(2, 8)).toBe(HEAT_STEPS[1]);
    expect(heatStep(3, 8)).toBe(HEAT_STEPS[2]);
    expect(heatStep(6, 8)).toBe(HEAT_STEPS[3]);
    expect(heatStep(8, 8)).toBe(HEAT_STEPS[4]);
    expect(heatStep(3, 0)).toBe(HEAT_STEPS[0]);
  });
});
