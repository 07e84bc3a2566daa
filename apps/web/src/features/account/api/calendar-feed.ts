/** The account's calendar feed: its state, and creating or renewing its secret address. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CALENDAR_CALLS } from '@union/contract';
import { api } from '../../../lib/api-client';

const CALENDAR_FEED_KEY = ['user', 'calendrier'] as const;

export function useCalendarFeed() {
  return useQuery({
    queryKey: CALENDAR_FEED_KEY,
    queryFn: () => api.call(CALENDAR_CALLS.state),
    // The card says it could not load; the rest of the account page stays usable.
    meta: { handlesErrors: true },
  });
}

/** POST: the answer is the only moment the addresses are known (the server keeps only a hash). */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(CALENDAR_CALLS.renew),
    onSuccess: (state) => queryClient.setQueryData(CALENDAR_FEED_KEY, state),
  });
}
