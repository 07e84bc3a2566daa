/** The annual planning calls: years, entries, saving (with its conflict report) and deleting. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PLANNING_CALLS, type PlanningInput } from '@union/contract';
import { api } from '../../../lib/api-client';
import { PLANNING_KEY, planningKeys } from './keys';

/** GET /api/planning/annees. */
export function usePlanningYears() {
  return useQuery({
    queryKey: planningKeys.years(),
    queryFn: () => api.call(PLANNING_CALLS.years),
  });
}

/** POST /api/planning/annees: opens the next year, copying the last one's entries. */
export function useOpenYear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(PLANNING_CALLS.openYear),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANNING_KEY }),
  });
}

/** GET /api/planning/search/{annee}/{idEntite}/{idSalle} (0 = all). */
export function usePlanningEntries(annee: number | null, idEntite: number, idSalle: number) {
  return useQuery({
    queryKey: planningKeys.entries(annee ?? 0, idEntite, idSalle),
    queryFn: () => api.call(PLANNING_CALLS.search, { params: { annee: annee!, idEntite, idSalle } }),
    enabled: annee !== null,
  });
}

/** POST /api/planning (new entry) or PUT /api/planning (with its id): answers what was placed and what not. */
export function useSavePlanningEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PlanningInput }) =>
      id === null
        ? api.call(PLANNING_CALLS.create, { body: input })
        : api.call(PLANNING_CALLS.update, { body: { ...input, id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANNING_KEY }),
  });
}

/** DELETE /api/planning/{id}: removes the entry and its future reservations not changed by hand. */
export function useDeletePlanningEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(PLANNING_CALLS.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANNING_KEY }),
  });
}

/** GET /api/planning/{id}/infos: the entry with its reservations still holding the room. */
export function usePlanningEntryInfos(id: number | null) {
  return useQuery({
    queryKey: [...PLANNING_KEY, 'entry', id ?? 0],
    queryFn: () => api.call(PLANNING_CALLS.infos, { params: { id: id! } }),
    enabled: id !== null,
  });
}
