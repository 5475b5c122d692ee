import { pages } from '@contract/pages';
import { PageLoading } from '@web/components/ui/page-loading';
import { pendingSignInReason } from '@web/features/accounts/components/sign-in-notice';
import { useSession } from '@web/shared/session/session';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

/**
 * Signed-out visitors go to /login, which says why and brings them back here afterwards.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageLoading />;
  if (!user)
    return (
      <Navigate
        to={pages.login.path}
        replace
        state={{ from: `${location.pathname}${location.search}`, reason: pendingSignInReason() }}
      />
    );
  return <>{children}</>;
}
