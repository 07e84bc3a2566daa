import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CLOSURE_CALLS } from '@union/contract';
import { api } from '../../../lib/api-client';
import { PLANNING_KEY, planningKeys } from './keys';

/** GET /api/fermeture/{date}: the closures of the masonic year starting in September of `annee`. */
export function useClosures(annee: number) {
  return useQuery({
    queryKey: planningKeys.closures(annee),
    queryFn: () => api.call(CLOSURE_CALLS.list, { params: { date: `${annee}-09-01` } }),
  });
}

/** POST /api/fermeture/{date}: closes the day; answers the reservations already on it. */
export function useCloseDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ date, motif }: { date: string; motif: string }) =>
      api.call(CLOSURE_CALLS.close, { params: { date }, body: { motif } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANNING_KEY }),
  });
}

/** DELETE /api/fermeture/{date}: reopens the day. */
export function useReopenDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => api.call(CLOSURE_CALLS.reopen, { params: { date } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANNING_KEY }),
  });
}
