/** The header's search (issue 33): GET /api/recherche, once the text typed has paused and has 2 characters. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { GLOBAL_SEARCH_MIN, SEARCH_CALLS } from '@union/contract';
import { api } from '../../lib/api-client';

export const useGlobalSearch = (q: string) =>
  useQuery({
    queryKey: ['recherche', q],
    queryFn: ({ signal }) => api.call(SEARCH_CALLS.search, { query: { q }, signal }),
    enabled: q.length >= GLOBAL_SEARCH_MIN,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // The box says it failed itself (« La recherche n'a pas abouti »): no toast on top of it.
    meta: { handlesErrors: true },
  });
