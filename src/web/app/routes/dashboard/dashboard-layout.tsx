import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { PageLoading } from '../../../components/ui/page-loading';
import { useIsAdmin } from '../../../features/accounts/api/account-calls';
import { useSession } from '../../../features/accounts/api/session';

const customerMenu = [
  { to: '/dashboard', label: 'My Profile' },
  { to: '/dashboard/myOrders', label: 'My Orders' },
  { to: '/dashboard/addReview', label: 'Add a review' },
] as const;

const adminMenu = [
  { to: '/dashboard', label: 'My Profile' },
  { to: '/dashboard/overview', label: 'Overview' },
  { to: '/dashboard/users', label: 'Make Admin' },
  { to: '/dashboard/manageProduct', label: 'Manage Product' },
  { to: '/dashboard/addProduct', label: 'Add Product' },
  { to: '/dashboard/manageOrders', label: 'Manage All Orders' },
] as const;

/** /dashboard with its side menu: customers and admins see the spec's own menus (SPEC.md section 2). */
export function DashboardLayout() {
  const { user } = useSession();
  const admin = useIsAdmin(user?.email);
  const menu = admin.data?.admin ? adminMenu : admin.data ? customerMenu : [];
  const closeDrawer = () => {
    const toggle = document.getElementById('dashboard-drawer') as HTMLInputElement | null;
    if (toggle) toggle.checked = false;
  };
  return (
    <div className="drawer lg:drawer-open">
      <input id="dashboard-drawer" type="checkbox" className="drawer-toggle" aria-label="Dashboard menu" />
      <div className="drawer-content px-1 lg:px-8">
        <div className="mb-4 flex items-center justify-between">
          <h1 className="text-2xl font-bold">Dashboard</h1>
          <label htmlFor="dashboard-drawer" className="btn btn-outline btn-sm lg:hidden">
            Menu
          </label>
        </div>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </div>
      <div className="drawer-side z-40 lg:z-auto">
        <label htmlFor="dashboard-drawer" aria-label="Close menu" className="drawer-overlay" />
        <nav aria-label="Dashboard" className="min-h-full w-64 bg-base-200 p-4 lg:min-h-0 lg:rounded-box">
          <ul className="menu w-full gap-1" data-testid="dashboard-menu">
            {menu.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end onClick={closeDrawer}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
