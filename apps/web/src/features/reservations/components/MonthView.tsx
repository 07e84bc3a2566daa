/**
 * The month view: an ARIA grid of whole weeks (Monday first), each day's reservations as short coloured
 * lines, closed days shaded and labelled, today marked. One tab stop (a roving tabindex): the arrows move
 * by day and by week, Home and End to the week's ends, Enter or a click opens the day view.
 */
import { ReservationState, Weekday, type Closure, type Reservation } from '@union/contract';
import { useRef, useState, type KeyboardEvent } from 'react';
import { capitalized, longDate, monthLabel, todayIso } from '../api/dates';
import { blockStyle, type ColorMode } from './colors';
import { gridMove } from './grid-keys';
import './calendar.css';

interface Props {
  /** The grid's days, whole weeks from a Monday. */
  days: string[];
  /** The month shown (yyyy-mm): days of the months around it are dimmed. */
  month: string;
  /** The day that holds the tab stop at first. */
  day: string;
  reservations: Reservation[];
  closures: Closure[];
  colorMode: ColorMode;
  onOpenDay: (day: string) => void;
}

const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

/** What a line says to a screen reader: the room, the hours, the lodge and the label it may see. */
const lineLabel = (r: Reservation) =>
  `${r.salle}, ${r.heureDebut} à ${r.heureFin}, ${r.entite}${r.libelle ? `, ${r.libelle}` : ''}${
    r.etat === 'CR' ? '' : `, ${ReservationState.labels[r.etat]}`
  }`;

export function MonthView({ days, month, day, reservations, closures, colorMode, onOpenDay }: Props) {
  const today = todayIso();
  const gridRef = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const stop = cursor && days.includes(cursor) ? cursor : days.includes(day) ? day : days[0]!;
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>, index: number) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      return onOpenDay(days[index]!);
    }
    const target = gridMove(event.key, [Math.floor(index / 7), index % 7], weeks.length, 7);
    if (!target) return;
    event.preventDefault();
    const next = days[target[0] * 7 + target[1]]!;
    setCursor(next);
    gridRef.current?.querySelector<HTMLElement>(`[data-day="${next}"]`)?.focus();
  }

  return (
    <div
      ref={gridRef}
      role="grid"
      className="month-grid"
      aria-label={`Planning du mois : ${monthLabel(`${month}-01`)}`}
    >
      <div role="row" className="month-row">
        {WEEKDAYS.map((d) => (
          <div key={d} role="columnheader" className="month-weekday">
            <span aria-hidden>{capitalized(Weekday.labels[d].slice(0, 3))}.</span>
            <span className="cal-sr">{Weekday.labels[d]}</span>
          </div>
        ))}
      </div>
      {weeks.map((week, row) => (
        <div key={week[0]} role="row" className="month-row">
          {week.map((d, col) => {
            const closure = closures.find((c) => c.date === d);
            const items = reservations.filter((r) => r.date === d);
            const classes = [
              'month-day',
              d.slice(0, 7) !== month && 'outside',
              closure && 'closed',
              d === today && 'today',
            ];
            return (
              <div
                key={d}
                role="gridcell"
                data-day={d}
                tabIndex={d === stop ? 0 : -1}
                className={classes.filter(Boolean).join(' ')}
                aria-current={d === today ? 'date' : undefined}
                onClick={() => onOpenDay(d)}
                onFocus={() => setCursor(d)}
                onKeyDown={(e) => onKeyDown(e, row * 7 + col)}
              >
                <span className="month-date">
                  <span aria-hidden>{Number(d.slice(8))}</span>
                  <span className="cal-sr">
                    {capitalized(longDate(d))}
                    {d === today ? ', aujourd’hui' : ''}
                    {items.length === 0 && !closure ? ', aucune réservation' : ''}
                  </span>
                </span>
                {closure && <span className="month-closed">Fermé : {closure.motif}</span>}
                {items.map((r) => (
                  <span key={r.id} className="month-line" style={blockStyle(r, colorMode)}>
                    <span aria-hidden>
                      {r.heureDebut} {r.entite}
                    </span>
                    <span className="cal-sr">{lineLabel(r)}</span>
                  </span>
                ))}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
