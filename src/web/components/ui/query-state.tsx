import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** Loading, failed, empty or loaded: every list page shows one of the four, never a blank. */
export function QueryState<T>({
  query,
  children,
  empty,
  isEmpty,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  empty: ReactNode;
  isEmpty?: (data: T) => boolean;
}) {
  if (query.data !== undefined) {
    if (isEmpty?.(query.data)) {
      return (
        <p className="py-10 text-center text-base-content/70" role="status">
          {empty}
        </p>
      );
    }
    return <>{children(query.data)}</>;
  }
  if (query.isError) {
    return (
      <div role="alert" className="alert alert-error">
        <span>
          Could not load this page: {query.error instanceof Error ? query.error.message : 'unknown error'}
        </span>
        <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="flex justify-center py-10" role="status" aria-live="polite">
      <span className="loading loading-spinner loading-lg" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
