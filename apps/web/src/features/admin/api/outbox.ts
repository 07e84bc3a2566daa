import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API, type OutboxEmail, type OutboxQuery } from '@union/contract';
import { api } from '../../../lib/api-client';

/** The query string of the outbox's filters; empty criteria are left out. */
function outboxPath(query: OutboxQuery = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, String(value));
  const search = params.toString();
  return search ? `${API.adminEmails}?${search}` : API.adminEmails;
}

/** GET /api/admin/emails: the e-mail outbox, filtered on the server, newest first. */
function fetchOutbox(query: OutboxQuery = {}): Promise<OutboxEmail[]> {
  return api.get<OutboxEmail[]>(outboxPath(query));
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
