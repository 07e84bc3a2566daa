/**
 * One half-hour of one day in the week's time grid: a cell that books it when free (a click, Enter or
 * Space) and the blocks of the bookings starting in it, as tall as they last.
 */
import { ReservationState, type Reservation } from '@union/contract';
import type { KeyboardEvent } from 'react';
import { blockStyle, type ColorMode } from './colors';
import { ROW_HEIGHT, minutesOf } from './day-grid';
import { targetKey, type Placed, type Target } from './week-grid';

interface Props {
  day: string;
  slot: number;
  /** The bookings whose block starts in this half-hour. */
  blocks: Placed[];
  /** What the cell says: the day, the half-hour, and whether it is free. */
  label: string;
  /** The cell cannot be booked (taken, past, closed): it still takes the focus, for the arrows. */
  disabled: boolean;
  closed: boolean;
  /** The grid's one tab stop. */
  stop: string;
  colorMode: ColorMode;
  onBook: () => void;
  onOpen: (id: number) => void;
  /** Whether a block may be moved (its modification request). */
  movable: (r: Reservation) => boolean;
  onDragBlock: (r: Reservation) => void;
  /** A block dropped on this half-hour (a drag from the pointer). */
  onDropHere?: () => void;
  onFocusTarget: (target: Target) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>, target: Target) => void;
}

/** What a block says: the room, the hours, the lodge and the label it may see, its state. */
export const blockLabel = (r: Reservation) =>
  `${r.salle}, ${r.heureDebut} à ${r.heureFin}, ${r.entite}${r.libelle ? `, ${r.libelle}` : ''}${
    r.etat === 'CR' ? '' : `, ${ReservationState.labels[r.etat]}`
  }`;

export function WeekGridCell(props: Props) {
  const { day, slot, blocks, label, disabled, closed, stop, colorMode } = props;
  const cell: Target = { slot, id: null };
  const classes = ['week-cell', slot % 60 === 0 && 'on-hour', closed && 'closed'];
  return (
    <div
      role="gridcell"
      className={classes.filter(Boolean).join(' ')}
      data-target={targetKey(day, cell)}
      tabIndex={stop === targetKey(day, cell) ? 0 : -1}
      aria-label={label}
      aria-disabled={disabled || undefined}
      onClick={(e) => e.target === e.currentTarget && !disabled && props.onBook()}
      onFocus={(e) => e.target === e.currentTarget && props.onFocusTarget(cell)}
      onKeyDown={(e) => e.target === e.currentTarget && props.onKeyDown(e, cell)}
      onDragOver={(e) => props.onDropHere && e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        props.onDropHere?.();
      }}
    >
      {blocks.map(({ r, lane, lanes }) => {
        const target: Target = { slot, id: r.id };
        const debut = Math.max(minutesOf(r.heureDebut), slot);
        return (
          <button
            key={r.id}
            type="button"
            className="week-block"
            data-target={targetKey(day, target)}
            tabIndex={stop === targetKey(day, target) ? 0 : -1}
            aria-label={blockLabel(r)}
            draggable={props.movable(r) || undefined}
            aria-keyshortcuts={
              props.movable(r) ? 'Shift+ArrowUp Shift+ArrowDown Shift+ArrowLeft Shift+ArrowRight' : undefined
            }
            aria-description={props.movable(r) ? 'Maj et les flèches pour la déplacer' : undefined}
            onDragStart={(e) => {
              e.dataTransfer.setData('text/plain', String(r.id));
              props.onDragBlock(r);
            }}
            style={{
              ...blockStyle(r, colorMode),
              top: ((debut - slot) / 30) * ROW_HEIGHT + 1,
              height: ((minutesOf(r.heureFin) - debut) / 30) * ROW_HEIGHT - 2,
              left: `calc(${(lane / lanes) * 100}% + 2px)`,
              width: `calc(${100 / lanes}% - 4px)`,
            }}
            onClick={() => props.onOpen(r.id)}
            onFocus={() => props.onFocusTarget(target)}
            onKeyDown={(e) => props.onKeyDown(e, target)}
          >
            <strong>
              {r.heureDebut}–{r.heureFin}
            </strong>
            <span>{lanes > 1 ? r.salle : r.entite}</span>
            {lanes === 1 && r.libelle !== undefined && <span>{r.libelle}</span>}
          </button>
        );
      })}
    </div>
  );
}
