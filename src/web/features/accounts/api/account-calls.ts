import type {
  AdminAnswer,
  AuthProviders,
  Profile,
  ProfileInput,
  SessionList,
  UserListEntry,
} from '@contract/accounts';
import { type AccountRole, may, type Permission } from '@contract/roles';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { useSession } from '@web/shared/session/session';
import { accountKeys } from './keys';

const byEmail = (email: string) => encodeURIComponent(email);

export const authProvidersQuery = queryOptions({
  queryKey: accountKeys.providers,
  queryFn: ({ signal }) => apiGet<AuthProviders>('/auth-providers', signal),
  staleTime: Number.POSITIVE_INFINITY,
});
export const useAuthProviders = () => useQuery(authProvidersQuery);

/** After each sign-in or sign-up the client registers the user with the backend. */
export const recordUser = (email: string, user: { displayName?: string; photoURL?: string }) =>
  apiRequest<{ token: string }>(`/user/${byEmail(email)}`, { method: 'PUT', body: { email, ...user } });

export const adminQuery = (email: string) =>
  queryOptions({
    queryKey: accountKeys.admin(email),
    queryFn: ({ signal }) => apiGet<AdminAnswer>(`/admin/${byEmail(email)}`, signal),
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

export const profileQuery = (email: string) =>
  queryOptions({
    queryKey: accountKeys.profile(email),
    queryFn: ({ signal }) => apiGet<Profile>(`/profile/${byEmail(email)}`, signal),
  });
export const useProfile = (email: string) => useQuery(profileQuery(email));

export function useSaveProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileInput) =>
      (
        await apiRequest<{ modifiedCount: number }>(`/profile/${byEmail(email)}`, {
          method: 'PUT',
          body: input,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile(email) }),
  });
}

export const usersQuery = queryOptions({
  queryKey: accountKeys.users,
  queryFn: ({ signal }) => apiGet<UserListEntry[]>('/user', signal),
});
export const useUsers = () => useQuery(usersQuery);

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) =>
      (await apiRequest<{ modifiedCount: number }>(`/user/admin/${byEmail(email)}`, { method: 'PUT' })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.users }),
  });
}

/** The signed-in devices of the user's own account. */
export const sessionsQuery = queryOptions({
  queryKey: accountKeys.sessions,
  queryFn: ({ signal }) => apiGet<SessionList>('/account/sessions', signal),
});
export const useSessions = () => useQuery(sessionsQuery);

/** Signs out one other device (`id`), or every other one (`'others'`). */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (which: { id: string } | 'others') =>
      (
        await apiRequest<{ revoked: number }>(
          which === 'others'
            ? '/account/sessions/revoke-others'
            : `/account/sessions/${encodeURIComponent(which.id)}`,
          { method: which === 'others' ? 'POST' : 'DELETE' },
        )
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}
