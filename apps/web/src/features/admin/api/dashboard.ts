/** The administration's dashboard (issue 33): GET /api/admin/tableau-de-bord, one call (ADMIN). */
import { useQuery } from '@tanstack/react-query';
import { PEOPLE_DASHBOARD_CALLS } from '@union/contract';
import { api } from '../../../lib/api-client';

export function useAdminDashboard() {
  return useQuery({
    queryKey: ['admin', 'tableau-de-bord'],
    queryFn: () => api.call(PEOPLE_DASHBOARD_CALLS.admin),
    staleTime: 0,
  });
}
