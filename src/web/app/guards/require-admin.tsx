import { pages } from '@contract/pages';
import { may, type Permission, ROLE_LABELS } from '@contract/roles';
import { PageLoading } from '@web/components/ui/page-loading';
import { signingOutBecause } from '@web/features/accounts/components/sign-in-notice';
import { useIsAdmin } from '@web/shared/session/access';
import { useSession, useSignOut } from '@web/shared/session/session';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Admin pages: the server decides who is an admin. A signed-in non-admin who opens one is signed
 * out and sent to /login, as the store's rules say, where a notice tells them the page is for
 * admins. One of the staff whose role lacks the page's permission is told so. (The server refuses
 * their calls regardless.)
 */
export function RequireAdmin({ children, permission }: { children: ReactNode; permission?: Permission }) {
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
      navigate(pages.login.path, { replace: true, state: { from: pathname, reason: 'admin-only' } }),
    );
  }, [refused, signOut, navigate, pathname]);

  if (admin.data?.admin) {
    // One of the staff whose role does not open this page: told so, not signed out.
    if (permission && !may(admin.data.role, permission))
      return (
        <div role="alert" className="alert alert-warning max-w-xl">
          <span>
            Your role ({ROLE_LABELS[admin.data.role]}) does not open this page. Ask the store's owner.
          </span>
        </div>
      );
    return <>{children}</>;
  }
  return <PageLoading />;
}
