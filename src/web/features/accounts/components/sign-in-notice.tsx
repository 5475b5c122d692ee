import { matchPage, pages } from '@contract/pages';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Why a visitor was sent to /login, carried in the navigation's state by the page guards. */
export type SignInReason = 'admin-only';

export const ADMIN_ONLY_NOTICE =
  'That page is for admins only, so you have been signed out. Sign in with an admin account to open it.';

/**
 * Why the store is signing the visitor out, kept until /login shows it. Signing out makes every
 * guard on the page send the visitor to /login at once, so the guard that knows the reason
 * cannot count on being the last to navigate: each guard reads it from here.
 */
let pendingReason: SignInReason | null = null;
export const signingOutBecause = (reason: SignInReason) => {
  pendingReason = reason;
};
export const pendingSignInReason = () => pendingReason;

/** The notice for a visitor sent here from `from` (or for `reason`); null when they came on their own. */
export function signInNotice(from: unknown, reason: unknown): string | null {
  if (reason === 'admin-only') return ADMIN_ONLY_NOTICE;
  if (typeof from !== 'string' || !from.startsWith('/') || from === pages.home.path) return null;
  const page = matchPage(from)?.key;
  if (page === 'purchase') return 'Sign in to order this tool.';
  if (page === 'checkout') return 'Sign in to check out. Your cart comes with you.';
  if (page === 'quote') return 'Sign in to open the quote we sent you.';
  if (from.startsWith(pages.dashboard.path)) return 'Sign in to open your dashboard.';
  return 'Sign in to open that page.';
}

/**
 * Nobody is moved without being told why: a visitor sent to /login by a guarded page reads the
 * reason above the form, and returns to that page after signing in.
 */
export function SignInNotice() {
  const state = useLocation().state as { from?: unknown; reason?: unknown } | null;
  const notice = signInNotice(state?.from, state?.reason);
  // Shown (it is in this page's history entry now): a later visit starts without it.
  useEffect(() => {
    pendingReason = null;
  }, []);
  if (!notice) return null;
  return (
    <div role="status" className="alert" data-testid="sign-in-notice">
      <span>{notice}</span>
    </div>
  );
}
