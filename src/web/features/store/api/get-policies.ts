import type { StorePolicies } from '@contract/policies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { storeKeys } from '@web/shared/store/keys';

/** The shipping and returns settings in force, for the policy pages (the owner's saves refresh them). */
export const policiesQuery = queryOptions({
  queryKey: storeKeys.policies,
  queryFn: ({ signal }) => apiGet<StorePolicies>('/store/policies', signal),
});

export const usePolicies = () => useQuery(policiesQuery);
