/**
 * The annual planning's year grid (issue 33): one room's masonic year, a row per month and a cell per
 * day, each day's bookings marked, closed days shaded, clashes (two bookings of the room at once) marked
 * and listed in words above the grid. An ARIA grid with one tab stop: the arrows move by day and month,
 * Home and End to the month's ends, Enter opens the day in the planning. On a phone the grid scrolls
 * sideways inside its own box.
 */
import { Alert, List, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { plural, type Room } from '@union/contract';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { capitalized, longDate, monthLabel } from '../api/dates';
import { useYear } from '../api/year';
import { gridMove } from './grid-keys';
import { yearGrid, type YearDay } from './year-grid';
import './year-grid.css';

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

const hours = (r: { heureDebut: string; heureFin: string }) => `${r.heureDebut}–${r.heureFin}`;

/** What a day says aloud: its date, closure, bookings and clash. */
function dayLabel(d: YearDay) {
  const parts = [capitalized(longDate(d.date))];
  if (d.closed) parts.push(`fermé (${d.closed.motif})`);
  parts.push(
    d.bookings.length === 0
      ? 'libre'
      : `${plural(d.bookings.length, 'réservation', 'réservations')} : ${d.bookings
          .map((r) => `${hours(r)} ${r.entite}`)
          .join(', ')}`,
  );
  if (d.clashes.length) parts.push('chevauchement');
  return parts.join(' ; ');
}

interface Props {
  annee: number;
  rooms: Room[];
  /** The room the toolbar filters on (0: none), shown first. */
  salle: number;
}

export function YearGrid({ annee, rooms, salle }: Props) {
  const active = rooms.filter((r) => r.active);
  const [chosen, setChosen] = useState<number | null>(null);
  const room = chosen ?? (salle || active[0]?.id || 0);
  const year = useYear(annee);
  const navigate = useNavigate();
  const gridRef = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState<[number, number]>([0, 0]);
  const months = yearGrid(annee, room, year.reservations, year.fermetures);
  const clashes = months.flatMap((m) => m.days.filter((d) => d.clashes.length > 0));
  const booked = months.reduce((n, m) => n + m.days.reduce((k, d) => k + d.bookings.length, 0), 0);
  const roomName = rooms.find((r) => r.id === room)?.nom ?? '';

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>, day: YearDay) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      return void navigate(`/app/reservations/planning?date=${day.date}&vue=jour&salle=${room}`);
    }
    const [row, col] = cursor;
    const length = months[row]!.days.length;
    const target = gridMove(event.key, [row, col], 12, 31);
    if (!target) return;
    event.preventDefault();
    // A month ends before the 31st: the focus stays on its last day.
    const last = months[target[0]]!.days.length - 1;
    const next: [number, number] = [target[0], event.key === 'End' ? length - 1 : Math.min(target[1], last)];
    setCursor(next);
    gridRef.current
      ?.querySelector<HTMLElement>(`[data-day="${months[next[0]]!.days[next[1]]!.date}"]`)
      ?.focus();
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="year-grid-title">
      <Title order={3} id="year-grid-title" fz={{ base: 18, sm: 20 }}>
        L’année par salle
      </Title>
      <NativeSelect
        label="Salle affichée"
        value={String(room)}
        onChange={(e) => setChosen(Number(e.currentTarget.value))}
        data={active.map((r) => ({ value: String(r.id), label: r.nom }))}
        maw={320}
      />
      {year.isPending && <Loader aria-label="Chargement de l’année" />}
      {year.isError && <Alert color="red">L’année n’a pas pu être chargée entièrement.</Alert>}
      <div role="status">
        {!year.isPending && clashes.length === 0 && (
          <Text size="sm">
            {roomName} : {plural(booked, 'réservation', 'réservations')} dans l’année, aucun chevauchement.
          </Text>
        )}
        {clashes.length > 0 && (
          <Alert
            color="red"
            title={`${roomName} : ${plural(clashes.length, 'jour', 'jours')} avec un chevauchement`}
          >
            <List size="sm">
              {clashes.map((d) => (
                <List.Item key={d.date}>
                  {capitalized(longDate(d.date))} :{' '}
                  {d.clashes
                    .map(([a, b]) => `${hours(a)} ${a.entite} et ${hours(b)} ${b.entite}`)
                    .join(' ; ')}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
      </div>
      <div className="year-grid-scroll">
        <div
          ref={gridRef}
          role="grid"
          className="year-grid"
          aria-label={`Année ${annee}-${annee + 1} : ${roomName}`}
          aria-rowcount={13}
          aria-colcount={32}
        >
          <div role="row" className="year-row">
            <span role="columnheader" className="year-head">
              Mois
            </span>
            {DAYS.map((n) => (
              <span role="columnheader" key={n} className="year-head">
                {n}
              </span>
            ))}
          </div>
          {months.map((m, row) => (
            <div role="row" className="year-row" key={m.month}>
              <span role="rowheader" className="year-month">
                {capitalized(monthLabel(`${m.month}-01`))}
              </span>
              {DAYS.map((n, col) => {
                const d = m.days[col];
                if (!d) return <span role="gridcell" key={n} className="year-day none" />;
                const focused = cursor[0] === row && cursor[1] === col;
                const classes = [
                  'year-day',
                  d.closed && 'closed',
                  d.bookings.length && 'booked',
                  d.clashes.length && 'clash',
                ];
                return (
                  <div
                    role="gridcell"
                    key={n}
                    data-day={d.date}
                    tabIndex={focused ? 0 : -1}
                    aria-label={dayLabel(d)}
                    className={classes.filter(Boolean).join(' ')}
                    onClick={() =>
                      void navigate(`/app/reservations/planning?date=${d.date}&vue=jour&salle=${room}`)
                    }
                    onFocus={() => setCursor([row, col])}
                    onKeyDown={(e) => onKeyDown(e, d)}
                  >
                    {d.clashes.length > 0 ? '!' : d.bookings.length > 0 ? d.bookings.length : ''}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
      <Text size="sm" c="gray.8">
        Chiffre : réservations du jour ; hachures grises : jour fermé ; « ! » sur fond rouge : chevauchement.
      </Text>
    </Stack>
  );
}
