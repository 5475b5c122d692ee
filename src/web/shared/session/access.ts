import type { AdminAnswer } from '@contract/accounts';
import { type AccountRole, may, type Permission } from '@contract/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { sessionKeys } from './keys';
import { useSession } from './session';

/**
 * What the signed-in person may do in the store: the guards, the dashboard's menu and every staff
 * page ask. The server decides it (GET /admin/{email}) and refuses regardless.
 */
export const adminQuery = (email: string) =>
  queryOptions({
    queryKey: sessionKeys.admin(email),
    queryFn: ({ signal }) => apiGet<AdminAnswer>(`/admin/${encodeURIComponent(email)}`, signal),
    retry: false,
  });
export const useIsAdmin = (email: string | undefined) =>
  useQuery({ ...adminQuery(email ?? ''), enabled: Boolean(email) });

/** The signed-in person's role (undefined while it loads): what the pages offer them. */
export function useRole(): AccountRole | undefined {
  const { user } = useSession();
  return useIsAdmin(user?.email).data?.role;
}

/** Whether the signed-in person's role holds the permission; false while the role loads. */
export function useMay(permission: Permission): boolean {
  return may(useRole(), permission);
}
