import { useQuery } from '@tanstack/react-query';
import { API, type BackupsOverview } from '@union/contract';
import { api } from '../../../lib/api-client';

/** GET /api/admin/sauvegardes: the last backups and whether the last good one is too old (ADMIN). */
export function useBackups(enabled = true) {
  return useQuery({
    queryKey: ['admin', 'sauvegardes'],
    queryFn: () => api.get<BackupsOverview>(API.backups.overview),
    enabled,
    staleTime: 60_000,
  });
}
