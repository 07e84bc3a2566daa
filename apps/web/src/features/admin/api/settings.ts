/** Rooms (GET /api/parametres/salles, POST and PUT) and the Union's settings (/api/parametres/union). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SECOND_FACTOR_CALLS,
  SETTINGS_CALLS,
  type SecondFactorSettings,
  type RoomCreate,
  type RoomUpdate,
  type UnionSettingsInput,
} from '@union/contract';
import { api } from '../../../lib/api-client';

const ROOMS_KEY = ['settings', 'rooms'] as const;
const SETTINGS_KEY = ['admin', 'settings'] as const;

export const useRooms = () =>
  useQuery({ queryKey: ROOMS_KEY, queryFn: () => api.call(SETTINGS_CALLS.rooms) });

export function useSaveRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (room: RoomCreate | RoomUpdate) =>
      'id' in room
        ? api.call(SETTINGS_CALLS.updateRoom, { body: room })
        : api.call(SETTINGS_CALLS.createRoom, { body: room }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROOMS_KEY }),
  });
}

export const useUnionSettings = () =>
  useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => api.call(SETTINGS_CALLS.union),
  });

export function useSaveUnionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UnionSettingsInput) => api.call(SETTINGS_CALLS.saveUnion, { body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
}

const SECOND_FACTOR_KEY = ['admin', 'settings', 'second-factor'] as const;

/** GET /api/parametres/second-facteur: who must have a second factor, and the grace period. */
export const useSecondFactorSettings = () =>
  useQuery({
    queryKey: SECOND_FACTOR_KEY,
    queryFn: () => api.call(SECOND_FACTOR_CALLS.settings),
  });

export function useSaveSecondFactorSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SecondFactorSettings) =>
      api.call(SECOND_FACTOR_CALLS.saveSettings, { body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(SECOND_FACTOR_KEY, saved),
  });
}
