import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, ClosureListSchema, ClosureResultSchema, pathTo } from '@union/contract';
import { api } from '../../../lib/api-client';
import { PLANNING_KEY, planningKeys } from './keys';

/** GET /api/fermeture/{date}: the closures of the masonic year starting in September of `annee`. */
export function useClosures(annee: number) {
  return useQuery({
    queryKey: planningKeys.closures(annee),
    queryFn: () =>
      api.get(pathTo(API.closures.closure, { date: `${annee}-09-01` }), { schema: ClosureListSchema }),
  });
}

/** POST /api/fermeture/{date}: closes the day; answers the reservations already on it. */
export function useCloseDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ date, motif }: { date: string; motif: string }) =>
      api.post(pathTo(API.closures.closure, { date }), { motif }, { schema: ClosureResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANNING_KEY }),
  });
}

/** DELETE /api/fermeture/{date}: reopens the day. */
export function useReopenDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => api.delete(pathTo(API.closures.closure, { date })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANNING_KEY }),
  });
}
