/** The portal's summary (issue 33): what awaits the signed-in user, in one call. */
import { useQuery } from '@tanstack/react-query';
import { PORTAL_CALLS } from '@union/contract';
import { api } from '../../lib/api-client';

export const PORTAL_SUMMARY_KEY = ['portal', 'summary'] as const;

/**
 * Read once per visit of the page: the server counts the visit (new documents are new since the visit
 * before), so the summary is not read again behind the person's back. A failure leaves the menu alone.
 */
export const usePortalSummary = () =>
  useQuery({
    queryKey: PORTAL_SUMMARY_KEY,
    queryFn: () => api.call(PORTAL_CALLS.summary),
    meta: { handlesErrors: true },
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
