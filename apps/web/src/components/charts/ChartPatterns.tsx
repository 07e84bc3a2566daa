/**
 * The fill patterns of one panel's series (white stripes, dots or crosses over the series' colour), in an
 * invisible SVG that the bars and the legend's swatches point to with `url(#…)`.
 */
import { patternId, seriesStyle, type PatternKind } from './chart-style';

const MARKS: Record<PatternKind, (stroke: string) => React.ReactNode> = {
  solid: () => null,
  diagonal: (s) => <path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" stroke={s} strokeWidth={1.6} />,
  dots: (s) => <circle cx={4} cy={4} r={1.6} fill={s} />,
  cross: (s) => <path d="M0,0 L8,8 M8,0 L0,8" stroke={s} strokeWidth={1.4} />,
  horizontal: (s) => <path d="M0,4 H8" stroke={s} strokeWidth={2} />,
  vertical: (s) => <path d="M4,0 V8" stroke={s} strokeWidth={2} />,
};

export function ChartPatterns({ panelId, count }: { panelId: string; count: number }) {
  return (
    <svg width={0} height={0} aria-hidden="true" focusable="false" style={{ position: 'absolute' }}>
      <defs>
        {Array.from({ length: count }, (_, index) => {
          const style = seriesStyle(index);
          return (
            <pattern
              key={index}
              id={patternId(panelId, index)}
              width={8}
              height={8}
              patternUnits="userSpaceOnUse"
            >
              <rect width={8} height={8} fill={style.color} />
              {MARKS[style.pattern]('#ffffff')}
            </pattern>
          );
        })}
      </defs>
    </svg>
  );
}
