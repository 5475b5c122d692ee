import { useSession } from '@web/shared/session/session';
import { useEffect } from 'react';
import { recordUser } from '../api/account-calls';

/**
 * After each sign-in the user is registered with the backend. Whatever way
 * they signed in (password, Google, single sign-on), once per signed-in user per tab.
 */
export function useRecordUserOnSignIn() {
  const { user } = useSession();
  useEffect(() => {
    if (!user) return;
    const key = `recorded:${user.id}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    void recordUser(user.email, { displayName: user.name, photoURL: user.image ?? undefined }).catch(() =>
      sessionStorage.removeItem(key),
    );
  }, [user]);
}
