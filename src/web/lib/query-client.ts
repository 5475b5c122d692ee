import { QueryClient } from '@tanstack/react-query';

/**
 * The spec's data-fetching rules (SPEC.md section 4): 3 retries with a doubling delay capped at
 * 30 s, refetch on window focus and on reconnect, cached data kept 5 minutes. These are TanStack
 * Query's defaults, written out so a change of library default cannot change the store.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        gcTime: 5 * 60 * 1000,
      },
    },
  });
}
