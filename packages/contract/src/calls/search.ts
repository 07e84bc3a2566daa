/** The header's search (issue 33): one call, each section within the caller's rights. */
import { API } from '../routes';
import { GlobalSearchQuerySchema, GlobalSearchResultSchema } from '../search';
import { defineCall } from './define';

export const SEARCH_CALLS = {
  search: defineCall({
    method: 'GET',
    path: API.search.search,
    query: GlobalSearchQuerySchema,
    responses: { 200: GlobalSearchResultSchema },
  }),
} as const;
