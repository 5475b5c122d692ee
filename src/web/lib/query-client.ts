import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * A failed fetch worth trying again: the network or the server failed. An answer that says "no"
 * (404 not found, 401/403 not allowed, 400 bad request) says the same the next time, so trying
 * again only keeps the reader waiting (docs/decisions/019-no-retry-on-a-definite-answer.md).
 * Timeouts (408) and rate limits (429) may pass, so they are retried.
 */
export function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return !(error.status >= 400 && error.status < 500) || error.status === 408 || error.status === 429;
}

/**
 * The data-fetching rules of docs/requirements.md §4.5: 3 retries with a doubling delay capped at
 * 30 s, refetch on window focus and on reconnect, cached data kept 5 minutes. These are TanStack
 * Query's defaults, written out so a change of library default cannot change the store; the one
 * change is that a definite refusal from the API is not retried (worthRetrying).
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 3 && worthRetrying(error),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        gcTime: 5 * 60 * 1000,
      },
    },
  });
}
