/** Reference lists the planning forms pick from: rooms, and the entities the caller may book for. */
import { useQuery } from '@tanstack/react-query';
import { API, EntityListSchema, EntitySummaryListSchema, pathTo, RoomListSchema } from '@union/contract';
import { api } from '../../../lib/api-client';

/** GET /api/parametres/salles. */
export function useRooms() {
  return useQuery({
    queryKey: ['parametres', 'salles'],
    queryFn: () => api.get(API.settings.rooms, { schema: RoomListSchema }),
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
        ? (await api.get(API.entities.all, { schema: EntityListSchema })).filter((e) => e.etat === 'A')
        : await api.get(pathTo(API.entities.mine, { purpose: 'reservation' }), {
            schema: EntitySummaryListSchema,
          });
      return rows.map((e) => ({ id: e.id, nom: e.nom })).sort((a, b) => a.nom.localeCompare(b.nom, 'fr'));
    },
  });
}
