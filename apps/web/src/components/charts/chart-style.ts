/**
 * How the charts tell their series apart: a colour that reaches 4.5:1 on the white card (more than the 3:1
 * WCAG 1.4.11 asks of graphics), and, for those who do not see colours, a fill pattern (bars) or a dash
 * pattern (lines and areas) that the legend repeats. A series keeps its style by its place in the list.
 */
import { ACCESSIBLE_COLORS, UNION, PRIMARY_SHADE } from '../../lib/colors';

export type PatternKind = 'solid' | 'diagonal' | 'dots' | 'cross' | 'horizontal' | 'vertical';

export interface SeriesStyle {
  color: string;
  pattern: PatternKind;
  /** SVG stroke-dasharray of the series' line; undefined for a solid line. */
  dash: string | undefined;
}

export const SERIES_STYLES: readonly SeriesStyle[] = [
  { color: UNION[PRIMARY_SHADE], pattern: 'solid', dash: undefined },
  { color: ACCESSIBLE_COLORS.orange!.filled, pattern: 'diagonal', dash: '8 4' },
  { color: ACCESSIBLE_COLORS.teal!.filled, pattern: 'dots', dash: '2 3' },
  { color: ACCESSIBLE_COLORS.grape!.filled, pattern: 'cross', dash: '12 4 2 4' },
  { color: ACCESSIBLE_COLORS.red!.filled, pattern: 'horizontal', dash: '4 4' },
  { color: ACCESSIBLE_COLORS.gray!.filled, pattern: 'vertical', dash: '1 5' },
];

export const seriesStyle = (index: number): SeriesStyle => SERIES_STYLES[index % SERIES_STYLES.length]!;

/** The id of a series' fill pattern inside one panel (React's ids carry characters `url(#…)` dislikes). */
export const patternId = (panelId: string, index: number): string =>
  `chart-${panelId.replace(/[^a-zA-Z0-9_-]/g, '')}-${index}`;
