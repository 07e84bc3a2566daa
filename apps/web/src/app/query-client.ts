/**
 * TanStack Query client: every failed query or mutation goes to the global error handler, unless the
 * mutation says (meta.handlesErrors) that its screen reports failures itself.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { handleApiError } from '../components/error-handler';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { handlesErrors?: boolean };
    queryMeta: { handlesErrors?: boolean };
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
