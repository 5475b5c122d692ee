import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authClient } from '../../../lib/auth-client';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
}

/** The signed-in user, or null; `isPending` while the first answer is on its way. */
export function useSession(): { user: SignedInUser | null; isPending: boolean } {
  const { data, isPending } = authClient.useSession();
  const user = data?.user
    ? { id: data.user.id, email: data.user.email, name: data.user.name, image: data.user.image ?? null }
    : null;
  return { user, isPending };
}

/** Ends the session on the server and forgets everything cached about the user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await authClient.signOut();
    queryClient.removeQueries({ queryKey: ['account'] });
  }, [queryClient]);
}
