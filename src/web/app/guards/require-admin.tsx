import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../../components/ui/page-loading';
import { useIsAdmin } from '../../features/accounts/api/account-calls';
import { useSession, useSignOut } from '../../features/accounts/api/session';
import { signingOutBecause } from '../../features/accounts/components/sign-in-notice';

/**
 * Admin pages: the server decides who is an admin. A signed-in non-admin who opens one is signed
 * out and sent to /login, as the store's rules say, where a notice tells them the page is for
 * admins. (The server refuses their calls regardless.)
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const admin = useIsAdmin(user?.email);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const refused = admin.isError || admin.data?.admin === false;

  useEffect(() => {
    if (!refused) return;
    signingOutBecause('admin-only');
    void signOut().finally(() =>
      navigate('/login', { replace: true, state: { from: pathname, reason: 'admin-only' } }),
    );
  }, [refused, signOut, navigate, pathname]);

  if (admin.data?.admin) return <>{children}</>;
  return <PageLoading />;
}
