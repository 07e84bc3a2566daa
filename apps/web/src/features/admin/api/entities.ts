/** Entities: the list, one entity, create, edit, history. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  pathTo,
  type HistoryEntry,
  type Entity,
  type EntityCreate,
  type EntityDetail,
  type EntityUpdate,
} from '@union/contract';
import { api } from '../../../lib/api-client';

export const ENTITIES_KEY = ['admin', 'entities'] as const;

export function useEntities() {
  return useQuery({ queryKey: ENTITIES_KEY, queryFn: () => api.get<Entity[]>(API.entities.all) });
}

export function useEntity(id: number) {
  return useQuery({
    queryKey: [...ENTITIES_KEY, id],
    queryFn: () => api.get<EntityDetail>(pathTo(API.entities.infos, { id })),
  });
}

export function useEntityHistory(id: number) {
  return useQuery({
    queryKey: [...ENTITIES_KEY, id, 'history'],
    queryFn: () => api.get<HistoryEntry[]>(pathTo(API.entities.history, { id })),
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
  useEntityChange((entity: EntityCreate) => api.post<EntityDetail>(API.entities.entity, entity));
export const useUpdateEntity = () =>
  useEntityChange((entity: EntityUpdate) => api.put<EntityDetail>(API.entities.entity, entity));
