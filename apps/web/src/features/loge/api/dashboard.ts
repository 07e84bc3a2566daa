/** The lodge's dashboard (issue 33): GET /api/loge/{idEntite}/tableau-de-bord, one call. */
import { useQuery } from '@tanstack/react-query';
import { PEOPLE_DASHBOARD_CALLS } from '@union/contract';
import { api } from '../../../lib/api-client';

export function useLodgeDashboard(entityId: number) {
  return useQuery({
    queryKey: ['loge', entityId, 'dashboard'],
    queryFn: () => api.call(PEOPLE_DASHBOARD_CALLS.lodge, { params: { idEntite: entityId } }),
    staleTime: 0,
  });
}
