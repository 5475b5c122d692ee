import { type ComponentType, lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import type { Permission } from '../../contract/roles';
import { RequireAdmin } from './guards/require-admin';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './layouts/root-layout';
import { HomePage } from './routes/home';
import { NotFoundPage } from './routes/not-found';

/**
 * Every page but home loads on first visit (its own chunk), so the home page's first load carries
 * only what home needs (docs/performance.md: the front-end budget).
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
const ForgotPasswordPage = page(() => import('./routes/forgot-password'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('./routes/reset-password'), 'ResetPasswordPage');
const PurchasePage = page(() => import('./routes/purchase'), 'PurchasePage');
const CartPage = page(() => import('./routes/cart'), 'CartPage');
const CheckoutPage = page(() => import('./routes/checkout'), 'CheckoutPage');
const CheckoutDonePage = page(() => import('./routes/checkout-done'), 'CheckoutDonePage');
const GuestCheckoutPage = page(() => import('./routes/guest-checkout'), 'GuestCheckoutPage');
const OrderStatusPage = page(() => import('./routes/order-status'), 'OrderStatusPage');
const UnsubscribePage = page(() => import('./routes/unsubscribe'), 'UnsubscribePage');
const ProductPage = page(() => import('./routes/product'), 'ProductPage');
const DashboardLayout = page(() => import('./routes/dashboard/dashboard-layout'), 'DashboardLayout');
const MyProfilePage = page(() => import('./routes/dashboard/my-profile'), 'MyProfilePage');
const MyOrdersPage = page(() => import('./routes/dashboard/my-orders'), 'MyOrdersPage');
const PaymentPage = page(() => import('./routes/dashboard/payment'), 'PaymentPage');
const OrderPage = page(() => import('./routes/dashboard/order-page'), 'OrderPage');
const ProductStockPage = page(() => import('./routes/dashboard/product-stock'), 'ProductStockPage');
const NumbersPage = page(() => import('./routes/dashboard/numbers'), 'NumbersPage');
const SettingsPage = page(() => import('./routes/dashboard/settings'), 'SettingsPage');
const ManageReturnsPage = page(() => import('./routes/dashboard/manage-returns'), 'ManageReturnsPage');
const AdminOrderPage = page(() => import('./routes/dashboard/admin-order-page'), 'AdminOrderPage');
const AddressesPage = page(() => import('./routes/dashboard/addresses'), 'AddressesPage');
const AddReviewPage = page(() => import('./routes/dashboard/add-review'), 'AddReviewPage');
const UsersPage = page(() => import('./routes/dashboard/users'), 'UsersPage');
const CustomerPage = page(() => import('./routes/dashboard/customer-page'), 'CustomerPage');
const AuditPage = page(() => import('./routes/dashboard/audit'), 'AuditPage');
const OverviewPage = page(() => import('./routes/dashboard/overview'), 'OverviewPage');
const ManageProductsPage = page(() => import('./routes/dashboard/manage-products'), 'ManageProductsPage');
const AddProductPage = page(() => import('./routes/dashboard/add-product'), 'AddProductPage');
const ProductEditorPage = page(() => import('./routes/dashboard/product-editor'), 'ProductEditorPage');
const CatalogSetupPage = page(() => import('./routes/dashboard/catalog-setup'), 'CatalogSetupPage');
const BulkChangesPage = page(() => import('./routes/dashboard/bulk-changes'), 'BulkChangesPage');
const CatalogImportPage = page(() => import('./routes/dashboard/catalog-import'), 'CatalogImportPage');
const SearchWordsPage = page(() => import('./routes/dashboard/search-words'), 'SearchWordsPage');
const DiscountsPage = page(() => import('./routes/dashboard/discounts'), 'DiscountsPage');
const ManageOrdersPage = page(() => import('./routes/dashboard/manage-orders'), 'ManageOrdersPage');
const OutboxPage = page(() => import('./routes/dashboard/outbox'), 'OutboxPage');
const MailboxPage = page(() => import('./routes/dashboard/mailbox'), 'MailboxPage');
const MailPage = page(() => import('./routes/dashboard/mailbox'), 'MailPage');
const InboxPage = page(() => import('./routes/dashboard/inbox'), 'InboxPage');
const InboxMessagePage = page(() => import('./routes/dashboard/inbox'), 'InboxMessagePage');

/**
 * Admin pages: a signed-in non-admin is signed out and sent to /login; one of the staff whose role
 * lacks the page's permission (contract/roles.ts) is told so.
 */
const admin = (page: ReactNode, permission?: Permission) => (
  <RequireAdmin permission={permission}>{page}</RequireAdmin>
);

/**
 * The spec's routes; anything else shows the 'Page is not Found' card.
 * Declarative routes rather than a data router: no page uses loaders or actions, and the data
 * router would add a sixth of the home page's JavaScript budget.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="tools" element={<ToolsPage />} />
        <Route path="reviews" element={<ReviewsPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="portfolio" element={<PortfolioPage />} />
        <Route path="blog" element={<BlogPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="product/:id" element={<ProductPage />} />
        <Route path="cart" element={<CartPage />} />
        <Route
          path="checkout"
          element={
            <RequireAuth>
              <CheckoutPage />
            </RequireAuth>
          }
        />
        <Route path="checkout/guest" element={<GuestCheckoutPage />} />
        <Route path="order-status" element={<OrderStatusPage />} />
        <Route path="unsubscribe" element={<UnsubscribePage />} />
        <Route
          path="checkout/done/:id"
          element={
            <RequireAuth>
              <CheckoutDonePage />
            </RequireAuth>
          }
        />
        <Route
          path="purchase/:id"
          element={
            <RequireAuth>
              <PurchasePage />
            </RequireAuth>
          }
        />
        <Route
          path="dashboard"
          element={
            <RequireAuth>
              <DashboardLayout />
            </RequireAuth>
          }
        >
          <Route index element={<MyProfilePage />} />
          <Route path="myOrders" element={<MyOrdersPage />} />
          <Route path="payment/:id" element={<PaymentPage />} />
          <Route path="orders/:id" element={<OrderPage />} />
          <Route path="addresses" element={<AddressesPage />} />
          <Route path="addReview" element={<AddReviewPage />} />
          <Route path="users" element={admin(<UsersPage />, 'customers.read')} />
          <Route path="users/:id" element={admin(<CustomerPage />, 'customers.read')} />
          <Route path="overview" element={admin(<OverviewPage />, 'reports.read')} />
          <Route path="manageProduct" element={admin(<ManageProductsPage />, 'products.read')} />
          <Route path="addProduct" element={admin(<AddProductPage />, 'products.write')} />
          <Route path="products/:id" element={admin(<ProductEditorPage />, 'products.read')} />
          <Route path="categories" element={admin(<CatalogSetupPage />, 'products.write')} />
          <Route path="bulk" element={admin(<BulkChangesPage />, 'products.write')} />
          <Route path="import" element={admin(<CatalogImportPage />, 'products.write')} />
          <Route path="searchWords" element={admin(<SearchWordsPage />, 'products.write')} />
          <Route path="discounts" element={admin(<DiscountsPage />, 'discounts.read')} />
          <Route path="manageOrders" element={admin(<ManageOrdersPage />, 'orders.read')} />
          <Route path="manageOrders/:id" element={admin(<AdminOrderPage />, 'orders.read')} />
          <Route path="returns" element={admin(<ManageReturnsPage />, 'returns.read')} />
          <Route path="products/:id/stock" element={admin(<ProductStockPage />, 'products.read')} />
          <Route path="numbers" element={admin(<NumbersPage />, 'reports.read')} />
          <Route path="settings" element={admin(<SettingsPage />, 'settings.read')} />
          <Route path="outbox" element={admin(<OutboxPage />, 'outbox.read')} />
          <Route path="mailbox" element={admin(<MailboxPage />, 'mailbox.read')} />
          <Route path="mailbox/:id" element={admin(<MailPage />, 'mailbox.read')} />
          <Route path="inbox" element={admin(<InboxPage />, 'inbox.read')} />
          <Route path="inbox/:id" element={admin(<InboxMessagePage />, 'inbox.read')} />
          <Route path="audit" element={admin(<AuditPage />, 'audit.read')} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
