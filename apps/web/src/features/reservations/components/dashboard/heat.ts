/**
 * The heat map's colour scale: five steps of the Union's blue from the lightest to the darkest, each with
 * the text colour that reads on it at 4.5:1 or more (heat.test.ts measures them). The figure is written in
 * every cell, so the colour only repeats it.
 */
import { UNION } from '../../../../lib/colors';

export interface HeatStep {
  background: string;
  color: string;
}

export const HEAT_STEPS: readonly HeatStep[] = [
  { background: '#ffffff', color: '#495057' },
  { background: UNION[0], color: '#1a1b1e' },
  { background: UNION[2], color: '#1a1b1e' },
  { background: UNION[6], color: '#ffffff' },
  { background: UNION[9], color: '#ffffff' },
];

/** The step of a figure on a scale up to `max`: 0 for nothing, then four equal bands. */
export function heatStep(value: number, max: number): HeatStep {
  if (value <= 0 || max <= 0) return HEAT_STEPS[0]!;
  const band = Math.min(4, Math.ceil((4 * value) / max));
  return HEAT_STEPS[band]!;
}
