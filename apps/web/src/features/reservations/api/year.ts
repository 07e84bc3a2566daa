import { useQueries } from '@tanstack/react-query';
import type { Closure, Reservation } from '@union/contract';
import { yearMondays } from '../components/year-grid';
import { planningKeys } from './keys';
import { fetchWeek } from './week';

/**
 * The masonic year `annee` for the year grid: the week call of each of its weeks (the week view's call,
 * cache and privacy rules: other lodges' bookings come without their label), put together.
 */
export function useYear(annee: number | null) {
  const mondays = annee === null ? [] : yearMondays(annee);
  return useQueries({
    queries: mondays.map((monday) => ({
      queryKey: planningKeys.week(monday),
      queryFn: () => fetchWeek(monday),
      staleTime: 60_000,
    })),
    combine: (results) => ({
      isPending: results.some((r) => r.isPending),
      isError: results.some((r) => r.isError),
      reservations: results.flatMap((r) => r.data?.reservations ?? []) as Reservation[],
      fermetures: results.flatMap((r) => r.data?.fermetures ?? []) as Closure[],
    }),
  });
}
