import { useQuery } from '@tanstack/react-query';
import { BACKUP_CALLS } from '@union/contract';
import { api } from '../../../lib/api-client';

/** GET /api/admin/sauvegardes: the last backups and whether the last good one is too old (ADMIN). */
export function useBackups(enabled = true) {
  return useQuery({
    queryKey: ['admin', 'sauvegardes'],
    queryFn: () => api.call(BACKUP_CALLS.overview),
    enabled,
    staleTime: 60_000,
  });
}
