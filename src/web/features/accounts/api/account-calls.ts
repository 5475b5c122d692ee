import type { AuthProviders, Profile, ProfileInput, SessionList } from '@contract/accounts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
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
