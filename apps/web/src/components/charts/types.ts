/** What a chart panel is given: rows of figures, one category per row and one column per series. */
export type ChartKind = 'bar' | 'stacked' | 'line' | 'area';

/** One row of figures: the category (a month, a lodge, an age band) and one number per series. */
export type ChartRow = Record<string, string | number | null>;

export interface ChartSeriesDef {
  /** The row's key holding this series' figure. */
  key: string;
  /** Its French name, in the legend and the table's header. */
  label: string;
}

/** "money": integer cents, written as euros; "count": plain numbers. */
export type ChartUnit = 'money' | 'count';
