import { createBrowserRouter } from 'react-router';
import { RequireAdmin } from './guards/require-admin';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './layouts/root-layout';
import { BlogPage } from './routes/blog';
import { ContactPage } from './routes/contact';
import { AddProductPage } from './routes/dashboard/add-product';
import { AddReviewPage } from './routes/dashboard/add-review';
import { DashboardLayout } from './routes/dashboard/dashboard-layout';
import { ManageOrdersPage } from './routes/dashboard/manage-orders';
import { ManageProductsPage } from './routes/dashboard/manage-products';
import { MyOrdersPage } from './routes/dashboard/my-orders';
import { MyProfilePage } from './routes/dashboard/my-profile';
import { OverviewPage } from './routes/dashboard/overview';
import { PaymentPage } from './routes/dashboard/payment';
import { UsersPage } from './routes/dashboard/users';
import { HomePage } from './routes/home';
import { LoginPage } from './routes/login';
import { NotFoundPage } from './routes/not-found';
import { PortfolioPage } from './routes/portfolio';
import { PurchasePage } from './routes/purchase';
import { ReviewsPage } from './routes/reviews';
import { SignupPage } from './routes/signup';
import { ToolsPage } from './routes/tools';

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
