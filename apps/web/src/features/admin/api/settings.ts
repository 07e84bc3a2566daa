/** Rooms (GET /api/parametres/salles, POST and PUT) and the Union's settings (/api/parametres/union). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  RoomListSchema,
  RoomSchema,
  SecondFactorSettingsSchema,
  type SecondFactorSettings,
  type RoomCreate,
  type RoomUpdate,
  type UnionSettingsInput,
  UnionSettingsSchema,
} from '@union/contract';
import { api } from '../../../lib/api-client';

const ROOMS_KEY = ['settings', 'rooms'] as const;
const SETTINGS_KEY = ['admin', 'settings'] as const;

export const useRooms = () =>
  useQuery({ queryKey: ROOMS_KEY, queryFn: () => api.get(API.settings.rooms, { schema: RoomListSchema }) });

export function useSaveRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (room: RoomCreate | RoomUpdate) =>
      'id' in room
        ? api.put(API.settings.rooms, room, { schema: RoomSchema })
        : api.post(API.settings.rooms, room, { schema: RoomSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROOMS_KEY }),
  });
}

export const useUnionSettings = () =>
  useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => api.get(API.settings.union, { schema: UnionSettingsSchema }),
  });

export function useSaveUnionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UnionSettingsInput) =>
      api.put(API.settings.union, settings, { schema: UnionSettingsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
}

const SECOND_FACTOR_KEY = ['admin', 'settings', 'second-factor'] as const;

/** GET /api/parametres/second-facteur: who must have a second factor, and the grace period. */
export const useSecondFactorSettings = () =>
  useQuery({
    queryKey: SECOND_FACTOR_KEY,
    queryFn: () => api.get(API.secondFactor.settings, { schema: SecondFactorSettingsSchema }),
  });

export function useSaveSecondFactorSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SecondFactorSettings) =>
      api.put(API.secondFactor.settings, settings, { schema: SecondFactorSettingsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(SECOND_FACTOR_KEY, saved),
  });
}
