import { type ComponentType, lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { pages } from '../../contract/pages';
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
const ShippingPolicyPage = page(() => import('./routes/shipping-policy'), 'ShippingPolicyPage');
const ReturnPolicyPage = page(() => import('./routes/return-policy'), 'ReturnPolicyPage');
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
const ManageReturnsPage = page(
  () => import('../features/admin-orders/pages/returns-desk-page'),
  'ManageReturnsPage',
);
const AdminOrderPage = page(
  () => import('../features/admin-orders/pages/admin-order-page'),
  'AdminOrderPage',
);
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
const ReviewDeskPage = page(() => import('./routes/dashboard/reviews-desk'), 'ReviewDeskPage');
const ManageOrdersPage = page(
  () => import('../features/admin-orders/pages/manage-orders-page'),
  'ManageOrdersPage',
);
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
 * The owner's routes and the store's own (docs/requirements.md §2), each at its address in the
 * route table (contract/pages.ts); anything else shows the 'Page is not Found' card.
 * Declarative routes rather than a data router: no page uses loaders or actions, and the data
 * router would add a sixth of the home page's JavaScript budget.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path={pages.tools.pattern} element={<ToolsPage />} />
        <Route path={pages.reviews.pattern} element={<ReviewsPage />} />
        <Route path={pages.contact.pattern} element={<ContactPage />} />
        <Route path={pages.portfolio.pattern} element={<PortfolioPage />} />
        <Route path={pages.blog.pattern} element={<BlogPage />} />
        <Route path={pages.shippingPolicy.pattern} element={<ShippingPolicyPage />} />
        <Route path={pages.returnPolicy.pattern} element={<ReturnPolicyPage />} />
        <Route path={pages.login.pattern} element={<LoginPage />} />
        <Route path={pages.signup.pattern} element={<SignupPage />} />
        <Route path={pages.forgotPassword.pattern} element={<ForgotPasswordPage />} />
        <Route path={pages.resetPassword.pattern} element={<ResetPasswordPage />} />
        <Route path={pages.product.pattern} element={<ProductPage />} />
        <Route path={pages.cart.pattern} element={<CartPage />} />
        <Route
          path={pages.checkout.pattern}
          element={
            <RequireAuth>
              <CheckoutPage />
            </RequireAuth>
          }
        />
        <Route path={pages.guestCheckout.pattern} element={<GuestCheckoutPage />} />
        <Route path={pages.orderStatus.pattern} element={<OrderStatusPage />} />
        <Route path={pages.unsubscribe.pattern} element={<UnsubscribePage />} />
        <Route
          path={pages.checkoutDone.pattern}
          element={
            <RequireAuth>
              <CheckoutDonePage />
            </RequireAuth>
          }
        />
        <Route
          path={pages.purchase.pattern}
          element={
            <RequireAuth>
              <PurchasePage />
            </RequireAuth>
          }
        />
        <Route
          path={pages.dashboard.pattern}
          element={
            <RequireAuth>
              <DashboardLayout />
            </RequireAuth>
          }
        >
          <Route index element={<MyProfilePage />} />
          <Route path={pages.myOrders.pattern} element={<MyOrdersPage />} />
          <Route path={pages.payment.pattern} element={<PaymentPage />} />
          <Route path={pages.order.pattern} element={<OrderPage />} />
          <Route path={pages.addresses.pattern} element={<AddressesPage />} />
          <Route path={pages.addReview.pattern} element={<AddReviewPage />} />
          <Route path={pages.users.pattern} element={admin(<UsersPage />, 'customers.read')} />
          <Route path={pages.customer.pattern} element={admin(<CustomerPage />, 'customers.read')} />
          <Route path={pages.overview.pattern} element={admin(<OverviewPage />, 'reports.read')} />
          <Route
            path={pages.manageProduct.pattern}
            element={admin(<ManageProductsPage />, 'products.read')}
          />
          <Route path={pages.addProduct.pattern} element={admin(<AddProductPage />, 'products.write')} />
          <Route path={pages.productEditor.pattern} element={admin(<ProductEditorPage />, 'products.read')} />
          <Route path={pages.categories.pattern} element={admin(<CatalogSetupPage />, 'products.write')} />
          <Route path={pages.bulk.pattern} element={admin(<BulkChangesPage />, 'products.write')} />
          <Route
            path={pages.catalogImport.pattern}
            element={admin(<CatalogImportPage />, 'products.write')}
          />
          <Route path={pages.searchWords.pattern} element={admin(<SearchWordsPage />, 'products.write')} />
          <Route path={pages.discounts.pattern} element={admin(<DiscountsPage />, 'discounts.read')} />
          <Route path={pages.reviewDesk.pattern} element={admin(<ReviewDeskPage />, 'reviews.moderate')} />
          <Route path={pages.manageOrders.pattern} element={admin(<ManageOrdersPage />, 'orders.read')} />
          <Route path={pages.manageOrder.pattern} element={admin(<AdminOrderPage />, 'orders.read')} />
          <Route path={pages.returns.pattern} element={admin(<ManageReturnsPage />, 'returns.read')} />
          <Route path={pages.productStock.pattern} element={admin(<ProductStockPage />, 'products.read')} />
          <Route path={pages.numbers.pattern} element={admin(<NumbersPage />, 'reports.read')} />
          <Route path={pages.settings.pattern} element={admin(<SettingsPage />, 'settings.read')} />
          <Route path={pages.outbox.pattern} element={admin(<OutboxPage />, 'outbox.read')} />
          <Route path={pages.mailbox.pattern} element={admin(<MailboxPage />, 'mailbox.read')} />
          <Route path={pages.mail.pattern} element={admin(<MailPage />, 'mailbox.read')} />
          <Route path={pages.inbox.pattern} element={admin(<InboxPage />, 'inbox.read')} />
          <Route path={pages.inboxMessage.pattern} element={admin(<InboxMessagePage />, 'inbox.read')} />
          <Route path={pages.audit.pattern} element={admin(<AuditPage />, 'audit.read')} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
