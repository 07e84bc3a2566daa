/** The restaurant manager's dashboard (MENUS, issue 33): one call for the whole screen. */
import { useQuery } from '@tanstack/react-query';
import { RESTAURANT_CALLS } from '@union/contract';
import { api } from '../../../lib/api-client';

export function useRestaurantDashboard() {
  return useQuery({
    queryKey: ['restauration', 'tableau-de-bord'] as const,
    queryFn: () => api.call(RESTAURANT_CALLS.dashboard),
    staleTime: 0,
  });
}
