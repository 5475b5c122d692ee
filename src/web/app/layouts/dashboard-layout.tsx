import { type PageKey, pageAccess, pages } from '@contract/pages';
import { type AccountRole, may } from '@contract/roles';
import { PageLoading } from '@web/components/ui/page-loading';
import { RouteErrorBoundary } from '@web/components/ui/route-error-boundary';
import { InboxUnreadBadge } from '@web/features/inbox/components/inbox-unread-badge';
import { useEscapeToClose } from '@web/lib/use-escape-to-close';
import { useIsAdmin } from '@web/shared/session/access';
import { useSession } from '@web/shared/session/session';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';

const customerMenu = [
  { to: pages.dashboard.path, label: 'My Profile' },
  { to: pages.myOrders.path, label: 'My Orders' },
  { to: pages.addresses.path, label: 'Addresses' },
  { to: pages.addReview.path, label: 'Add a review' },
] as const;

/**
 * The staff menu: each entry shows only to a role whose permissions open its page (the page's
 * access in contract/pages.ts, which the router guards it by); the server refuses the page's
 * calls regardless.
 */
const staffPages: readonly { page: PageKey; label: string }[] = [
  { page: 'dashboard', label: 'My Profile' },
  { page: 'overview', label: 'Overview' },
  { page: 'users', label: 'Make Admin' },
  { page: 'tradeApplications', label: 'Trade applications' },
  { page: 'customerGroups', label: 'Customer groups' },
  { page: 'invoices', label: 'Open invoices' },
  { page: 'manageProduct', label: 'Manage Product' },
  { page: 'addProduct', label: 'Add Product' },
  { page: 'categories', label: 'Categories and brands' },
  { page: 'bulk', label: 'Bulk changes' },
  { page: 'catalogImport', label: 'Import and export' },
  { page: 'searchWords', label: 'Search words' },
  { page: 'discounts', label: 'Discounts' },
  { page: 'reviewDesk', label: 'Moderate reviews' },
  { page: 'manageOrders', label: 'Manage All Orders' },
  { page: 'returns', label: 'Returns' },
  { page: 'numbers', label: 'Numbers' },
  { page: 'finance', label: 'Finance' },
  { page: 'purchasing', label: 'Purchasing' },
  { page: 'locations', label: 'Places' },
  { page: 'outbox', label: 'Outbox' },
  { page: 'mailbox', label: 'Mailbox' },
  { page: 'inbox', label: 'Inbox' },
  { page: 'settings', label: 'Settings' },
  { page: 'audit', label: 'Audit log' },
];

/** The entries a role may open, in the menu's order. */
const menuFor = (role: AccountRole) =>
  staffPages
    .filter(({ page }) => {
      const access = pageAccess[page];
      return access === 'public' || access === 'signedIn' || may(role, access);
    })
    // Menu pages are at fixed addresses: a pattern is its own link.
    .map(({ page, label }): { to: string; label: string } => ({ to: pages[page].pattern, label }));

/**
 * /dashboard with its side menu: customers see their menu of docs/requirements.md §2.7; the staff see the admin menu,
 * each role only the pages it may open.
 * On a phone the menu is a drawer opened by a real button (a label cannot take the keyboard's
 * focus); Escape closes it and gives the focus back to that button.
 */
export function DashboardLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const admin = useIsAdmin(user?.email);
  const menu = admin.data?.admin ? menuFor(admin.data.role) : admin.data ? customerMenu : [];
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useEscapeToClose(open, close, opener);
  // The first menu entry takes the focus once the drawer can hold it: the drawer stays hidden
  // for the start of its slide-in, so where the focus did not land, it waits for the slide to end.
  // The entries arrive with the account's role, so an open drawer tries again when they do; a
  // transition of something deeper inside the drawer (a link's hover) is not the drawer being shown.
  const entries = menu.length;
  useEffect(() => {
    const first = menuRef.current?.querySelector<HTMLElement>('a');
    if (!open || !first || entries === 0) return;
    first.focus();
    if (document.activeElement === first) return;
    const side = first.closest('.drawer-side');
    const onShown = (event: Event) => {
      // The drawer, or its sliding panel.
      const target = event.target as Element | null;
      if (target === side || target?.parentElement === side) first.focus();
    };
    side?.addEventListener('transitionend', onShown);
    return () => side?.removeEventListener('transitionend', onShown);
  }, [open, entries]);
  return (
    <div className="drawer lg:drawer-open">
      <input
        id="dashboard-drawer"
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(e) => setOpen(e.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content px-1 lg:px-8">
        <div className="mb-4 flex items-center justify-between">
          <h1 className="text-2xl font-bold">Dashboard</h1>
          <button
            ref={opener}
            type="button"
            className="btn btn-outline btn-sm lg:hidden"
            aria-expanded={open}
            aria-controls="dashboard-menu"
            onClick={() => setOpen(true)}
          >
            Menu
          </button>
        </div>
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </div>
      <div className="drawer-side z-40 lg:z-auto">
        {/* The dimmed backdrop closes the drawer for a pointer; keyboards use Escape. */}
        {/* biome-ignore lint/a11y/noLabelWithoutControl: the backdrop labels the drawer's hidden toggle; hidden from assistive technology on purpose */}
        <label htmlFor="dashboard-drawer" aria-hidden="true" className="drawer-overlay" />
        <nav
          id="dashboard-menu"
          aria-label="Dashboard"
          className="min-h-full w-64 bg-base-200 p-4 lg:min-h-0 lg:rounded-box"
        >
          <ul ref={menuRef} className="menu w-full gap-1" data-testid="dashboard-menu">
            {menu.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end onClick={close}>
                  {item.label}
                  {item.to === pages.inbox.path ? <InboxUnreadBadge /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
