import { useQuery } from '@tanstack/react-query';
import { API, type OutboxEmail } from '@union/contract';
import { api } from '../../../lib/api-client';

/** GET /api/admin/emails: the e-mail outbox, newest first as the server sends it. */
export function fetchOutbox(): Promise<OutboxEmail[]> {
  return api.get<OutboxEmail[]>(API.adminEmails);
}

export function useOutbox() {
  return useQuery({ queryKey: ['admin', 'emails'], queryFn: fetchOutbox, staleTime: 0 });
}
