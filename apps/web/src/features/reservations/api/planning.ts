/** The annual planning calls: years, entries, saving (with its conflict report) and deleting. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  pathTo,
  type PlanningEntry,
  type PlanningEntryDetail,
  type PlanningInput,
  type PlanningSaveResult,
  type PlanningYearOpened,
  type PlanningYears,
} from '@union/contract';
import { api } from '../../../lib/api-client';
import { PLANNING_KEY, planningKeys } from './keys';

/** GET /api/planning/annees. */
export function usePlanningYears() {
  return useQuery({
    queryKey: planningKeys.years(),
    queryFn: () => api.get<PlanningYears>(API.planning.years),
  });
}

/** POST /api/planning/annees: opens the next year, copying the last one's entries. */
export function useOpenYear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PlanningYearOpened>(API.planning.years),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANNING_KEY }),
  });
}

/** GET /api/planning/search/{annee}/{idEntite}/{idSalle} (0 = all). */
export function usePlanningEntries(annee: number | null, idEntite: number, idSalle: number) {
  return useQuery({
    queryKey: planningKeys.entries(annee ?? 0, idEntite, idSalle),
    queryFn: () =>
      api.get<PlanningEntry[]>(pathTo(API.planning.search, { annee: annee!, idEntite, idSalle })),
    enabled: annee !== null,
  });
}

/** POST /api/planning (new entry) or PUT /api/planning (with its id): answers what was placed and what not. */
export function useSavePlanningEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PlanningInput }) =>
      id === null
        ? api.post<PlanningSaveResult>(API.planning.planning, input)
        : api.put<PlanningSaveResult>(API.planning.planning, { ...input, id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANNING_KEY }),
  });
}

/** DELETE /api/planning/{id}: removes the entry and its future reservations not changed by hand. */
export function useDeletePlanningEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ supprimees: number }>(pathTo(API.planning.remove, { id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANNING_KEY }),
  });
}

/** GET /api/planning/{id}/infos: the entry with its reservations still holding the room. */
export function usePlanningEntryInfos(id: number | null) {
  return useQuery({
    queryKey: [...PLANNING_KEY, 'entry', id ?? 0],
    queryFn: () => api.get<PlanningEntryDetail>(pathTo(API.planning.infos, { id: id! })),
    enabled: id !== null,
  });
}
