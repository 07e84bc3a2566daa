/**
 * One half-hour of one day in the week's time grid: a cell that books it when free (a click, Enter or
 * Space) and the blocks of the bookings starting in it, as tall as they last. A block one may change has a
 * handle on its bottom edge (hidden from screen readers, which have Shift + Alt + Up or Down) whose drag
 * changes its end; a tap on the handle opens the block as a tap on the block does.
 */
import { ReservationState, hhmmOf, type Reservation } from '@union/contract';
import { Fragment, type KeyboardEvent } from 'react';
import { blockStyle, type ColorMode } from './colors';
import { ROW_HEIGHT, minutesOf } from './day-grid';
import type { BlockMoves } from './useBlockMoves';
import { RESIZE_HINT, RESIZE_KEYS } from './useBlockResize';
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
  /** Moving and resizing blocks (their modification request). */
  moves: BlockMoves;
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
  const { day, slot, blocks, label, disabled, closed, stop, colorMode, moves } = props;
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
        const fin = moves.endOf(r);
        const movable = moves.movable(r);
        const across = { left: `calc(${(lane / lanes) * 100}% + 2px)`, width: `calc(${100 / lanes}% - 4px)` };
        return (
          <Fragment key={r.id}>
            <button
              type="button"
              className="week-block"
              data-target={targetKey(day, target)}
              tabIndex={stop === targetKey(day, target) ? 0 : -1}
              aria-label={blockLabel(r)}
              draggable={movable || undefined}
              aria-keyshortcuts={
                movable
                  ? `Shift+ArrowUp Shift+ArrowDown Shift+ArrowLeft Shift+ArrowRight ${RESIZE_KEYS}`
                  : undefined
              }
              aria-description={movable ? `Maj et les flèches pour la déplacer, ${RESIZE_HINT}` : undefined}
              onDragStart={(e) => {
                e.dataTransfer.setData('text/plain', String(r.id));
                moves.drag(r);
              }}
              style={{
                ...blockStyle(r, colorMode),
                top: ((debut - slot) / 30) * ROW_HEIGHT + 1,
                height: ((fin - debut) / 30) * ROW_HEIGHT - 2,
                ...across,
              }}
              onClick={() => props.onOpen(r.id)}
              onFocus={() => props.onFocusTarget(target)}
              onKeyDown={(e) => props.onKeyDown(e, target)}
            >
              <strong>
                {r.heureDebut}–{hhmmOf(fin)}
              </strong>
              <span>{lanes > 1 ? r.salle : r.entite}</span>
              {lanes === 1 && r.libelle !== undefined && <span>{r.libelle}</span>}
            </button>
            {movable && (
              <span
                className="block-resize"
                data-resize={r.id}
                aria-hidden
                title="Tirer pour changer la fin"
                style={{ top: ((fin - slot) / 30) * ROW_HEIGHT, ...across }}
                {...moves.handle(r)}
                onClick={() => moves.endsResize() || props.onOpen(r.id)}
              />
            )}
          </Fragment>
        );
      })}
    </div>
  );
}
