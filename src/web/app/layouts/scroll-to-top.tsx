import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page opens at its top, as a full page load would. Back and forward (POP) are left to the
 * browser, which puts the reader back where they were.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is meant to run on each new page (pathname)
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
