import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { mondayOf, RESERVATION_CALLS, type Week } from '@union/contract';
import { api } from '../../../lib/api-client';
import { planningKeys } from './keys';

/** GET /api/reservation/search/{date}: the week (Monday to Sunday) containing the date, with closures. */
export function fetchWeek(day: string): Promise<Week> {
  return api.call(RESERVATION_CALLS.week, { params: { date: day } });
}

/** The week containing `day`; `enabled: false` asks nothing (a hook cannot be called conditionally). */
export function useWeek(day: string, { enabled = true }: { enabled?: boolean } = {}) {
  const monday = mondayOf(day);
  return useQuery({
    queryKey: planningKeys.week(monday),
    queryFn: () => fetchWeek(monday),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
