/**
 * TanStack Query client: every failed query or mutation goes to the global error handler, unless the
 * mutation says (meta.handlesErrors) that its screen reports failures itself.
 */
import {
  MutationCache,
  QueryCache,
  QueryClient,
  type InvalidateOptions,
  type InvalidateQueryFilters,
} from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { handleApiError } from '../components/error-handler';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { handlesErrors?: boolean };
    queryMeta: { handlesErrors?: boolean };
  }
}

/**
 * A query client whose invalidation, after a write, always reads again. TanStack joins a query's *first*
 * fetch still in flight instead of starting another (TanStack/query#8530, open): that fetch may have
 * left before the write (a page opened and a button pressed at once), and its answer, older than the
 * write, would then stand as fresh — a batch prepared and the list still saying « Aucun lot ». Those
 * first fetches are cancelled first (the query goes back to waiting), so the invalidation fetches anew.
 * Every `invalidateQueries` of the app goes through here.
 */
class ReadAfterWriteClient extends QueryClient {
  override async invalidateQueries(
    filters?: InvalidateQueryFilters,
    options?: InvalidateOptions,
  ): Promise<void> {
    await this.cancelQueries({
      ...filters,
      predicate: (query) =>
        query.state.data === undefined &&
        query.state.fetchStatus === 'fetching' &&
        (filters?.predicate?.(query) ?? true),
    });
    return super.invalidateQueries(filters, options);
  }
}

export function createQueryClient(): QueryClient {
  return new ReadAfterWriteClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.handlesErrors) handleApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.handlesErrors) handleApiError(error);
      },
    }),
    defaultOptions: {
      queries: {
        // A refusal or a missing record will not change by asking again; a lost connection might.
        retry: (count, error) => error instanceof ApiError && error.status === 0 && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
