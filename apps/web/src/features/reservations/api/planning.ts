/** The annual planning calls: years, entries, saving (with its conflict report) and deleting. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  pathTo,
  PlanningDeleteResultSchema,
  PlanningEntryDetailSchema,
  PlanningEntryListSchema,
  PlanningSaveResultSchema,
  PlanningYearOpenedSchema,
  PlanningYearsSchema,
  type PlanningInput,
} from '@union/contract';
import { api } from '../../../lib/api-client';
import { PLANNING_KEY, planningKeys } from './keys';

/** GET /api/planning/annees. */
export function usePlanningYears() {
  return useQuery({
    queryKey: planningKeys.years(),
    queryFn: () => api.get(API.planning.years, { schema: PlanningYearsSchema }),
  });
}

/** POST /api/planning/annees: opens the next year, copying the last one's entries. */
export function useOpenYear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(API.planning.years, undefined, { schema: PlanningYearOpenedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANNING_KEY }),
  });
}

/** GET /api/planning/search/{annee}/{idEntite}/{idSalle} (0 = all). */
export function usePlanningEntries(annee: number | null, idEntite: number, idSalle: number) {
  return useQuery({
    queryKey: planningKeys.entries(annee ?? 0, idEntite, idSalle),
    queryFn: () =>
      api.get(pathTo(API.planning.search, { annee: annee!, idEntite, idSalle }), {
        schema: PlanningEntryListSchema,
      }),
    enabled: annee !== null,
  });
}

/** POST /api/planning (new entry) or PUT /api/planning (with its id): answers what was placed and what not. */
export function useSavePlanningEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PlanningInput }) =>
      id === null
        ? api.post(API.planning.planning, input, { schema: PlanningSaveResultSchema })
        : api.put(API.planning.planning, { ...input, id }, { schema: PlanningSaveResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANNING_KEY }),
  });
}

/** DELETE /api/planning/{id}: removes the entry and its future reservations not changed by hand. */
export function useDeletePlanningEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete(pathTo(API.planning.remove, { id }), undefined, { schema: PlanningDeleteResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANNING_KEY }),
  });
}

/** GET /api/planning/{id}/infos: the entry with its reservations still holding the room. */
export function usePlanningEntryInfos(id: number | null) {
  return useQuery({
    queryKey: [...PLANNING_KEY, 'entry', id ?? 0],
    queryFn: () => api.get(pathTo(API.planning.infos, { id: id! }), { schema: PlanningEntryDetailSchema }),
    enabled: id !== null,
  });
}
