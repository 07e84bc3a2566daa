/**
 * The session a convocation (type V) convenes to: the publishing entity's sessions of one month, chosen
 * by month over the masonic year (September to August) and searchable by day or title. A month is read
 * through the planning's own week search (GET /api/reservation/search/{date}, one call per week, shared
 * with the planning screens' cache); a session already chosen is read by its id. Callers without the
 * planning get no picker: the week search refuses them, and a convocation needs no session.
 */
import { ActionIcon, Group, Select } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import {
  addDays,
  MASONIC_MONTHS,
  masonicYearOf,
  mondayOf,
  RESERVATION_CALLS,
  type Reservation,
} from '@union/contract';
import { useState } from 'react';
import { ApiError, api } from '../../../lib/api-client';
import { formatLongDate, monthLabel, parisDay } from '../../../lib/dates';
import { fetchWeek, planningKeys } from '../../reservations';

/** "2026-03" of a day "2026-03-03"; the month of `fallback` when the day is not a day yet. */
const monthOf = (day: string | null | undefined, fallback: string) =>
  day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day.slice(0, 7) : fallback.slice(0, 7);

/** The month before or after "2026-03". */
function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The Mondays of the weeks that hold a day of the month. */
function mondaysOf(month: string): string[] {
  const mondays: string[] = [];
  for (let monday = mondayOf(`${month}-01`); monday.slice(0, 7) <= month; monday = addDays(monday, 7)) {
    mondays.push(monday);
  }
  return mondays;
}

/** The twelve months of the masonic year holding the month, September first. */
function masonicMonths(month: string): string[] {
  const year = masonicYearOf(`${month}-01`);
  return MASONIC_MONTHS.map((m) => `${m >= 9 ? year : year + 1}-${String(m).padStart(2, '0')}`);
}

const sessionLabel = (r: Reservation) =>
  `${formatLongDate(r.date)}, ${r.heureDebut} : ${r.libelle} (${r.salle})`;

export function SessionPicker({
  entityId,
  date,
  value,
  onChange,
}: {
  /** The publishing entity: only its sessions are offered. */
  entityId: string | null;
  /** The document's date: the month shown first, and again whenever the date changes. */
  date: string;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const chosen = useQuery({
    queryKey: planningKeys.infos(Number(value)),
    queryFn: () => api.call(RESERVATION_CALLS.infos, { params: { id: Number(value) } }),
    enabled: value !== null,
    meta: { handlesErrors: true },
    retry: false,
  });
  // The document's month first, and again when its date changes; an edited convocation's session
  // brings its own month once read. (State adjusted while rendering, as React advises for a prop change.)
  const [month, setMonth] = useState(() => monthOf(date, parisDay()));
  const [seenDate, setSeenDate] = useState(date);
  if (date !== seenDate) {
    setSeenDate(date);
    setMonth(monthOf(date, month));
  }
  const chosenDay = chosen.data?.date;
  const [seenChosenDay, setSeenChosenDay] = useState<string | undefined>(undefined);
  if (chosenDay && chosenDay !== seenChosenDay) {
    setSeenChosenDay(chosenDay);
    setMonth(chosenDay.slice(0, 7));
  }

  const weeks = useQueries({
    queries: mondaysOf(month).map((monday) => ({
      queryKey: planningKeys.week(monday),
      queryFn: () => fetchWeek(monday),
      staleTime: 10_000,
      meta: { handlesErrors: true },
      retry: false,
    })),
  });
  // 403: the caller does not see the planning (no picker); another failure is said under the field.
  const refused = weeks.some((w) => w.error instanceof ApiError && w.error.status === 403);
  const failed = weeks.some((w) => w.isError);
  const loading = weeks.some((w) => w.isPending);

  const sessions = new Map<number, Reservation>();
  for (const week of weeks) {
    for (const r of week.data?.reservations ?? []) {
      if (String(r.idEntite) === entityId && r.etat !== 'SU' && r.date.startsWith(month)) {
        sessions.set(r.id, r);
      }
    }
  }
  // The chosen session stays on the list while another month is shown: the field keeps its text.
  if (chosen.data && !sessions.has(chosen.data.id)) sessions.set(chosen.data.id, chosen.data);
  const options = [...sessions.values()]
    .sort((a, b) => `${a.date} ${a.heureDebut}`.localeCompare(`${b.date} ${b.heureDebut}`))
    .map((r) => ({ value: String(r.id), label: sessionLabel(r) }));

  if (refused) return null;
  const months = masonicMonths(month);
  const empty = !loading && options.length === 0;

  return (
    <div>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`Mois précédent : ${monthLabel(shiftMonth(month, -1))}`}
          onClick={() => setMonth(shiftMonth(month, -1))}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Select
          label="Mois de la tenue"
          style={{ flex: 1 }}
          allowDeselect={false}
          data={months.map((m) => ({ value: m, label: monthLabel(m) }))}
          value={month}
          onChange={(m) => m && setMonth(m)}
        />
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`Mois suivant : ${monthLabel(shiftMonth(month, 1))}`}
          onClick={() => setMonth(shiftMonth(month, 1))}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
      <Select
        mt="xs"
        label="Tenue convoquée (facultatif)"
        description={
          failed
            ? `Les tenues de ${monthLabel(month)} n'ont pas pu être lues : réessayez plus tard.`
            : empty
              ? `Aucune tenue de l'entité en ${monthLabel(month)} : choisissez un autre mois.`
              : `Les tenues de l'entité en ${monthLabel(month)} ; tapez un jour ou un mot pour filtrer.`
        }
        placeholder={loading ? 'Chargement des tenues…' : 'Choisir une tenue'}
        searchable
        clearable
        nothingFoundMessage="Aucune tenue ne correspond."
        // A month without a session opens no empty list (a listbox with no option is an ARIA error);
        // the description says to choose another month.
        disabled={empty}
        // A month holds a few sessions: the whole list shows, even with its labels wrapped on a phone, so
        // no region scrolls out of the keyboard's reach (the arrows move through the options).
        maxDropdownHeight={600}
        data={options}
        value={value}
        onChange={onChange}
      />
    </div>
  );
}
