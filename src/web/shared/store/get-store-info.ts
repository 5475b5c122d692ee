import type { StoreInfo } from '@contract/store';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { storeKeys } from './keys';

/** The server writes the store's details into index.html; reading them avoids a flash of defaults. */
function storeInfoFromPage(): StoreInfo | undefined {
  const content = document.querySelector('meta[name="store-config"]')?.getAttribute('content');
  if (!content) return undefined;
  try {
    // Our own server wrote it (plugins/web-app.ts); a glance at its shape is enough.
    const parsed = JSON.parse(content) as StoreInfo;
    return typeof parsed.brand === 'string' && typeof parsed.wordmark === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

const fromPage = typeof document === 'undefined' ? undefined : storeInfoFromPage();

export const storeInfoQuery = queryOptions({
  queryKey: storeKeys.all,
  queryFn: ({ signal }) => apiGet<StoreInfo>('/store', signal),
  initialData: fromPage,
  staleTime: Number.POSITIVE_INFINITY,
});

const fallback: StoreInfo = {
  brand: 'TorqueWorks',
  wordmark: 'Torque Works',
  contact: { email: '', phone: '', address: '' },
  portfolio: { name: '', role: '', bio: [], projects: [] },
};

/** The store's name, wordmark and details; the defaults only show while a dev server loads them. */
export function useStoreInfo(): StoreInfo {
  return useQuery(storeInfoQuery).data ?? fallback;
}
