import { useQuery } from '@tanstack/react-query';
import { RESERVATION_CALLS, type PendingRequests } from '@union/contract';
import { api } from '../../../lib/api-client';
import { planningKeys } from './keys';

/** GET /api/reservation/demandes: my pending requests, and for Union staff those to decide. */
function fetchPending(): Promise<PendingRequests> {
  return api.call(RESERVATION_CALLS.pending);
}

export function usePendingRequests() {
  return useQuery({ queryKey: planningKeys.pending(), queryFn: fetchPending, staleTime: 0 });
}
