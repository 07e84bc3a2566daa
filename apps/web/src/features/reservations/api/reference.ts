/** Reference lists the planning forms pick from: rooms, and the entities the caller may book for. */
import { useQuery } from '@tanstack/react-query';
import { ENTITY_CALLS, SETTINGS_CALLS } from '@union/contract';
import { api } from '../../../lib/api-client';

/** GET /api/parametres/salles. */
export function useRooms() {
  return useQuery({
    queryKey: ['parametres', 'salles'],
    queryFn: () => api.call(SETTINGS_CALLS.rooms),
  });
}

export interface EntityOption {
  id: number;
  nom: string;
}

/**
 * The entities the caller may book for, as the server said: Union staff (`gestion`) book for every active
 * entity (GET /api/entite/all); others for their `reservation` entities (GET /api/user/entites/reservation).
 */
export function useBookableEntities(gestion: boolean | undefined) {
  return useQuery({
    queryKey: ['reservations-entities', gestion ? 'all' : 'mine'],
    enabled: gestion !== undefined,
    queryFn: async (): Promise<EntityOption[]> => {
      const rows = gestion
        ? (await api.call(ENTITY_CALLS.all)).filter((e) => e.etat === 'A')
        : await api.call(ENTITY_CALLS.mine, { params: { purpose: 'reservation' } });
      return rows.map((e) => ({ id: e.id, nom: e.nom })).sort((a, b) => a.nom.localeCompare(b.nom, 'fr'));
    },
  });
}
