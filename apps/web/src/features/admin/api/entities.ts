/** Entities: the list, one entity, create, edit, history. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENTITY_CALLS, type EntityCreate, type EntityDetail, type EntityUpdate } from '@union/contract';
import { api } from '../../../lib/api-client';

export const ENTITIES_KEY = ['admin', 'entities'] as const;

export const entitiesQuery = queryOptions({
  queryKey: ENTITIES_KEY,
  queryFn: () => api.call(ENTITY_CALLS.all),
});

export function useEntities() {
  return useQuery(entitiesQuery);
}

export function useEntity(id: number) {
  return useQuery({
    queryKey: [...ENTITIES_KEY, id],
    queryFn: () => api.call(ENTITY_CALLS.infos, { params: { id } }),
  });
}

export function useEntityHistory(id: number) {
  return useQuery({
    queryKey: [...ENTITIES_KEY, id, 'history'],
    queryFn: () => api.call(ENTITY_CALLS.history, { params: { id } }),
    staleTime: 0,
  });
}

function useEntityChange<V>(call: (variables: V) => Promise<EntityDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (entity) => {
      queryClient.setQueryData([...ENTITIES_KEY, entity.id], entity);
      void queryClient.invalidateQueries({ queryKey: ENTITIES_KEY });
    },
  });
}

export const useCreateEntity = () =>
  useEntityChange((entity: EntityCreate) => api.call(ENTITY_CALLS.create, { body: entity }));
export const useUpdateEntity = () =>
  useEntityChange((entity: EntityUpdate) => api.call(ENTITY_CALLS.update, { body: entity }));
