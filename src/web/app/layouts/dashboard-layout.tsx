import { pages } from '@contract/pages';
import { type AccountRole, may, type Permission } from '@contract/roles';
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
 * The staff menu: each entry shows only to a role whose permissions open it (contract/roles.ts);
 * the server refuses the page's calls regardless.
 */
const staffMenu: readonly { to: string; label: string; permission?: Permission }[] = [
  { to: pages.dashboard.path, label: 'My Profile' },
  { to: pages.overview.path, label: 'Overview', permission: 'reports.read' },
  { to: pages.users.path, label: 'Make Admin', permission: 'customers.read' },
  { to: pages.manageProduct.path, label: 'Manage Product', permission: 'products.read' },
  { to: pages.addProduct.path, label: 'Add Product', permission: 'products.write' },
  { to: pages.categories.path, label: 'Categories and brands', permission: 'products.write' },
  { to: pages.bulk.path, label: 'Bulk changes', permission: 'products.write' },
  { to: pages.catalogImport.path, label: 'Import and export', permission: 'products.write' },
  { to: pages.searchWords.path, label: 'Search words', permission: 'products.write' },
  { to: pages.discounts.path, label: 'Discounts', permission: 'discounts.read' },
  { to: pages.reviewDesk.path, label: 'Moderate reviews', permission: 'reviews.moderate' },
  { to: pages.manageOrders.path, label: 'Manage All Orders', permission: 'orders.read' },
  { to: pages.returns.path, label: 'Returns', permission: 'returns.read' },
  { to: pages.numbers.path, label: 'Numbers', permission: 'reports.read' },
  { to: pages.outbox.path, label: 'Outbox', permission: 'outbox.read' },
  { to: pages.mailbox.path, label: 'Mailbox', permission: 'mailbox.read' },
  { to: pages.inbox.path, label: 'Inbox', permission: 'inbox.read' },
  { to: pages.settings.path, label: 'Settings', permission: 'settings.read' },
  { to: pages.audit.path, label: 'Audit log', permission: 'audit.read' },
];

/** The entries a role may open, in the menu's order. */
const menuFor = (role: AccountRole) =>
  staffMenu.filter((item) => item.permission === undefined || may(role, item.permission));

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
