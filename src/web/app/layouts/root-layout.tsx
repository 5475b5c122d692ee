import { PageLoading } from '@web/components/ui/page-loading';
import { RouteErrorBoundary } from '@web/components/ui/route-error-boundary';
import { useRecordUserOnSignIn } from '@web/features/accounts/components/use-record-user';
import { TestModeNotice } from '@web/features/store/components/test-mode-notice';
import { useMergeVisitorCartOnSignIn } from '@web/shared/cart/use-merge-visitor-cart';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NavBar } from './nav-bar';
import { ScrollToTop } from './scroll-to-top';
import { ShopBar } from './shop-bar';
import { SiteFooter } from './site-footer';

export function RootLayout() {
  useRecordUserOnSignIn();
  useMergeVisitorCartOnSignIn();
  // The dashboard's pages share its layout, which has its own boundary: keyed by the section so
  // moving between dashboard pages keeps the dashboard frame.
  const { pathname } = useLocation();
  const section = pathname.split('/')[1] ?? '';
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 btn"
      >
        Skip to content
      </a>
      <TestModeNotice />
      <NavBar />
      <ShopBar />
      {/* At least a screen tall (less the nav bar): the footer starts below the fold, so a page
          that fills in after its data arrives does not push it visibly (layout shift). */}
      <main id="main" className="mx-auto min-h-[calc(100svh-4rem)] w-full max-w-7xl flex-1 px-4 py-4 sm:py-6">
        <RouteErrorBoundary key={section === 'dashboard' ? section : pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
      <ScrollToTop />
    </div>
  );
}
