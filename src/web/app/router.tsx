import { type ComponentType, lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { RequireAdmin } from './guards/require-admin';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './layouts/root-layout';
import { HomePage } from './routes/home';
import { NotFoundPage } from './routes/not-found';

/**
 * Every page but home loads on first visit (its own chunk), so the home page's first load carries
 * only what home needs (issue: front-end budget).
 */
const page = <T extends Record<string, ComponentType>>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

const BlogPage = page(() => import('./routes/blog'), 'BlogPage');
const ContactPage = page(() => import('./routes/contact'), 'ContactPage');
const PortfolioPage = page(() => import('./routes/portfolio'), 'PortfolioPage');
const ReviewsPage = page(() => import('./routes/reviews'), 'ReviewsPage');
const ToolsPage = page(() => import('./routes/tools'), 'ToolsPage');
const LoginPage = page(() => import('./routes/login'), 'LoginPage');
const SignupPage = page(() => import('./routes/signup'), 'SignupPage');
const PurchasePage = page(() => import('./routes/purchase'), 'PurchasePage');
const DashboardLayout = page(() => import('./routes/dashboard/dashboard-layout'), 'DashboardLayout');
const MyProfilePage = page(() => import('./routes/dashboard/my-profile'), 'MyProfilePage');
const MyOrdersPage = page(() => import('./routes/dashboard/my-orders'), 'MyOrdersPage');
const PaymentPage = page(() => import('./routes/dashboard/payment'), 'PaymentPage');
const AddReviewPage = page(() => import('./routes/dashboard/add-review'), 'AddReviewPage');
const UsersPage = page(() => import('./routes/dashboard/users'), 'UsersPage');
const OverviewPage = page(() => import('./routes/dashboard/overview'), 'OverviewPage');
const ManageProductsPage = page(() => import('./routes/dashboard/manage-products'), 'ManageProductsPage');
const AddProductPage = page(() => import('./routes/dashboard/add-product'), 'AddProductPage');
const ManageOrdersPage = page(() => import('./routes/dashboard/manage-orders'), 'ManageOrdersPage');

/** The spec's routes (SPEC.md section 2); anything else shows the 'Page is not Found' card. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/tools', element: <ToolsPage /> },
      { path: '/reviews', element: <ReviewsPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/portfolio', element: <PortfolioPage /> },
      { path: '/blog', element: <BlogPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      {
        path: '/purchase/:id',
        element: (
          <RequireAuth>
            <PurchasePage />
          </RequireAuth>
        ),
      },
      {
        path: '/dashboard',
        element: (
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <MyProfilePage /> },
          { path: 'myOrders', element: <MyOrdersPage /> },
          { path: 'payment/:id', element: <PaymentPage /> },
          { path: 'addReview', element: <AddReviewPage /> },
          ...(
            [
              ['users', <UsersPage key="users" />],
              ['overview', <OverviewPage key="overview" />],
              ['manageProduct', <ManageProductsPage key="manageProduct" />],
              ['addProduct', <AddProductPage key="addProduct" />],
              ['manageOrders', <ManageOrdersPage key="manageOrders" />],
            ] as const
          ).map(([path, page]) => ({ path, element: <RequireAdmin>{page}</RequireAdmin> })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
