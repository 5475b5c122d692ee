import type { AuditKind, AuditPage } from '@contract/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { auditKeys } from './keys';

export interface AuditFilter {
  person: string;
  kind: AuditKind | '';
  from: string;
  to: string;
  page: number;
}

/** GET /api/audit (the owner), newest first, with the page's filters. */
export const useAuditLog = (filter: AuditFilter) =>
  useQuery({
    queryKey: auditKeys.list(filter),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filter.page) });
      if (filter.person.trim()) query.set('person', filter.person.trim());
      if (filter.kind) query.set('kind', filter.kind);
      if (filter.from) query.set('from', filter.from);
      if (filter.to) query.set('to', filter.to);
      return apiGet<AuditPage>(`/audit?${query}`, signal);
    },
    placeholderData: keepPreviousData,
  });
