/** Entities: the list, one entity, create, edit, history. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  EntityDetailSchema,
  EntityListSchema,
  HistorySchema,
  pathTo,
  type EntityCreate,
  type EntityDetail,
  type EntityUpdate,
} from '@union/contract';
import { api } from '../../../lib/api-client';

export const ENTITIES_KEY = ['admin', 'entities'] as const;

export const entitiesQuery = queryOptions({
  queryKey: ENTITIES_KEY,
  queryFn: () => api.get(API.entities.all, { schema: EntityListSchema }),
});

export function useEntities() {
  return useQuery(entitiesQuery);
}

export function useEntity(id: number) {
  return useQuery({
    queryKey: [...ENTITIES_KEY, id],
    queryFn: () => api.get(pathTo(API.entities.infos, { id }), { schema: EntityDetailSchema }),
  });
}

export function useEntityHistory(id: number) {
  return useQuery({
    queryKey: [...ENTITIES_KEY, id, 'history'],
    queryFn: () => api.get(pathTo(API.entities.history, { id }), { schema: HistorySchema }),
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
  useEntityChange((entity: EntityCreate) =>
    api.post(API.entities.entity, entity, { schema: EntityDetailSchema }),
  );
export const useUpdateEntity = () =>
  useEntityChange((entity: EntityUpdate) =>
    api.put(API.entities.entity, entity, { schema: EntityDetailSchema }),
  );
