/** The account's calendar feed: its state, and creating or renewing its secret address. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, CalendarFeedStateSchema } from '@union/contract';
import { api } from '../../../lib/api-client';

const CALENDAR_FEED_KEY = ['user', 'calendrier'] as const;

export function useCalendarFeed() {
  return useQuery({
    queryKey: CALENDAR_FEED_KEY,
    queryFn: () => api.get(API.calendar.account, { schema: CalendarFeedStateSchema }),
    // The card says it could not load; the rest of the account page stays usable.
    meta: { handlesErrors: true },
  });
}

/** POST: the answer is the only moment the addresses are known (the server keeps only a hash). */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(API.calendar.account, undefined, { schema: CalendarFeedStateSchema }),
    onSuccess: (state) => queryClient.setQueryData(CALENDAR_FEED_KEY, state),
  });
}
