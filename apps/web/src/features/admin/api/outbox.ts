import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAIL_CALLS, type OutboxEmail, type OutboxQuery } from '@union/contract';
import { api } from '../../../lib/api-client';

/** GET /api/admin/emails: the e-mail outbox, filtered on the server, newest first. */
function fetchOutbox(query: OutboxQuery = {}): Promise<OutboxEmail[]> {
  return api.call(MAIL_CALLS.outbox, { query });
}

export function useOutbox(query: OutboxQuery = {}) {
  return useQuery({
    queryKey: ['admin', 'emails', query],
    queryFn: () => fetchOutbox(query),
    staleTime: 0,
    // The list stays on screen while a new filter is applied.
    placeholderData: keepPreviousData,
  });
}
