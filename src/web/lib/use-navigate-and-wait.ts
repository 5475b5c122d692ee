import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Navigates and resolves once the new page has been committed. The router renders a navigation as
 * a transition, so anything urgent done right after `navigate()` (signing out, say) can render
 * while the old page is still on screen; on a busy machine the old page's guard then acts on it.
 * Awaiting this first makes the order certain. Any location change settles it, so a reader who
 * clicks elsewhere meanwhile does not leave it waiting.
 */
export function useNavigateAndWait() {
  const navigate = useNavigate();
  const location = useLocation();
  const pending = useRef<{ from: string; settle: () => void } | null>(null);

  useEffect(() => {
    if (pending.current && pending.current.from !== location.key) {
      pending.current.settle();
      pending.current = null;
    }
  }, [location.key]);

  const current = useRef(location);
  current.current = location;

  return useCallback(
    (to: string) =>
      new Promise<void>((resolve) => {
        const here = current.current;
        if (here.pathname === to && !here.search) return resolve();
        pending.current?.settle();
        pending.current = { from: here.key, settle: resolve };
        navigate(to, { replace: true });
      }),
    [navigate],
  );
}
