import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { addDays, mondayOf, type Closure, type Reservation } from '@union/contract';
import { fetchWeek } from './week';
import { planningKeys } from './keys';

/**
 * The days the month grid shows: whole weeks, from the Monday on or before the 1st to the Sunday on or
 * after the month's last day (five or six rows).
 */
export function monthGridDays(day: string): string[] {
  const first = `${day.slice(0, 7)}-01`;
  const days: string[] = [];
  for (let d = mondayOf(first); ; d = addDays(d, 1)) {
    if (days.length % 7 === 0 && days.length > 0 && d.slice(0, 7) !== first.slice(0, 7)) break;
    days.push(d);
  }
  return days;
}

/** The first day of the month before (-1) or after (+1) the one of `day`. */
export function shiftMonth(day: string, by: -1 | 1): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * The month of `day`: the week call of each of its grid's weeks (the same call, cache and privacy rules as
 * the week view: other lodges' bookings come without their label), put together.
 */
export function useMonth(day: string, enabled: boolean) {
  const days = monthGridDays(day);
  const mondays = days.filter((_, i) => i % 7 === 0);
  return useQueries({
    queries: mondays.map((monday) => ({
      queryKey: planningKeys.week(monday),
      queryFn: () => fetchWeek(monday),
      placeholderData: keepPreviousData,
      staleTime: 10_000,
      enabled,
    })),
    combine: (results) => ({
      days,
      isPending: results.some((r) => r.isPending),
      reservations: results.flatMap((r) => r.data?.reservations ?? []) as Reservation[],
      fermetures: results.flatMap((r) => r.data?.fermetures ?? []) as Closure[],
    }),
  });
}
