import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionKeys } from './keys';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
}

/**
 * better-auth's own session endpoint, read with a plain fetch: every page needs the session (the
 * nav, the guards) but few need better-auth's client, which stays out of the first load.
 */
async function fetchSession(): Promise<SignedInUser | null> {
  const response = await fetch('/api/auth/get-session', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`The session could not be read (${response.status}).`);
  const body = (await response.json()) as { user?: Partial<SignedInUser> } | null;
  const user = body?.user;
  if (!user?.id || !user.email) return null;
  return { id: user.id, email: user.email, name: user.name ?? '', image: user.image ?? null };
}

/** The signed-in user, or null; `isPending` while the first answer is on its way. */
export function useSession(): { user: SignedInUser | null; isPending: boolean } {
  const { data, isPending } = useQuery({ queryKey: sessionKeys.session, queryFn: fetchSession });
  return { user: data ?? null, isPending };
}

/** Reads the session again, e.g. right after signing in, before a guarded page is opened. */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.refetchQueries({ queryKey: sessionKeys.session }), [queryClient]);
}

/**
 * Forgets the user, then ends the session on the server. In that order: a page that still thought
 * someone signed in would go on asking for their cart or orders while the session ends, and those
 * requests would come back 401. If the server cannot be reached, the session is read again.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const { authClient } = await import('@web/lib/auth-client');
    await queryClient.cancelQueries();
    queryClient.setQueryData(sessionKeys.session, null);
    queryClient.removeQueries({ queryKey: sessionKeys.all });
    try {
      await authClient.signOut();
    } finally {
      await queryClient.invalidateQueries({ queryKey: sessionKeys.session });
    }
  }, [queryClient]);
}
