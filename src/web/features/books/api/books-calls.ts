import type { BookGrouping, BooksReport } from '@contract/books';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { adminRoot } from '@web/lib/query-keys';

export const bookKeys = {
  period: (from: string, to: string, group: BookGrouping) =>
    [...adminRoot, 'books', from, to, group] as const,
};

export interface BooksPeriod {
  from: string;
  to: string;
  group: BookGrouping;
}

export const periodQuery = (p: BooksPeriod) =>
  `from=${encodeURIComponent(p.from)}&to=${encodeURIComponent(p.to)}&group=${p.group}`;

/** GET /manage/books: the period's figures (the owner's). */
export const useBooks = (p: BooksPeriod) =>
  useQuery({
    queryKey: bookKeys.period(p.from, p.to, p.group),
    queryFn: ({ signal }) => apiGet<BooksReport>(`/manage/books?${periodQuery(p)}`, signal),
    retry: false,
  });
