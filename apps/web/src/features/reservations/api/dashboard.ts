/** The Union staff's dashboard of the planning (issue 33): one call for the whole screen. */
import { useQuery } from '@tanstack/react-query';
import { RESERVATION_CALLS } from '@union/contract';
import { api } from '../../../lib/api-client';
import { planningKeys } from './keys';

export function usePlanningDashboard() {
  return useQuery({
    queryKey: planningKeys.dashboard(),
    queryFn: () => api.call(RESERVATION_CALLS.dashboard),
    staleTime: 0,
  });
}
