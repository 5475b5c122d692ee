import { pages } from '@contract/pages';
import type { Permission } from '@contract/roles';
import { NotFoundPage } from '@web/components/ui/not-found-page';
import { HomePage } from '@web/features/home/pages/home-page';
import { type ComponentType, lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { RequireAdmin } from './guards/require-admin';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './layouts/root-layout';

/**
 * Every page but home loads on first visit (its own chunk), so the home page's first load carries
 * only what home needs (docs/performance.md: the front-end budget).
 */
const page = <T extends Record<string, ComponentType>>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

const BlogPage = page(() => import('@web/features/content/pages/blog-page'), 'BlogPage');
const ShippingPolicyPage = page(
  () => import('@web/features/store/pages/shipping-policy-page'),
  'ShippingPolicyPage',
);
const ReturnPolicyPage = page(
  () => import('@web/features/store/pages/return-policy-page'),
  'ReturnPolicyPage',
);
const ContactPage = page(() => import('@web/features/contact/pages/contact-page'), 'ContactPage');
const PortfolioPage = page(() => import('@web/features/content/pages/portfolio-page'), 'PortfolioPage');
const ReviewsPage = page(() => import('@web/features/reviews/pages/reviews-page'), 'ReviewsPage');
const ToolsPage = page(() => import('@web/features/catalog/pages/tools-page'), 'ToolsPage');
const LoginPage = page(() => import('@web/features/accounts/pages/login-page'), 'LoginPage');
const SignupPage = page(() => import('@web/features/accounts/pages/signup-page'), 'SignupPage');
const ForgotPasswordPage = page(
  () => import('@web/features/accounts/pages/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = page(
  () => import('@web/features/accounts/pages/reset-password-page'),
  'ResetPasswordPage',
);
const PurchasePage = page(() => import('@web/features/orders/pages/purchase-page'), 'PurchasePage');
const CartPage = page(() => import('@web/features/checkout/pages/cart-page'), 'CartPage');
const CheckoutPage = page(() => import('@web/features/checkout/pages/checkout-page'), 'CheckoutPage');
const CheckoutDonePage = page(
  () => import('@web/features/checkout/pages/checkout-done-page'),
  'CheckoutDonePage',
);
const GuestCheckoutPage = page(
  () => import('@web/features/checkout/pages/guest-checkout-page'),
  'GuestCheckoutPage',
);
const OrderStatusPage = page(() => import('@web/features/orders/pages/order-status-page'), 'OrderStatusPage');
const UnsubscribePage = page(
  () => import('@web/features/checkout/pages/unsubscribe-page'),
  'UnsubscribePage',
);
const ProductPage = page(() => import('@web/features/catalog/pages/product-page'), 'ProductPage');
const DashboardLayout = page(() => import('./layouts/dashboard-layout'), 'DashboardLayout');
const MyProfilePage = page(() => import('@web/features/accounts/pages/my-profile-page'), 'MyProfilePage');
const MyOrdersPage = page(() => import('@web/features/orders/pages/my-orders-page'), 'MyOrdersPage');
const PaymentPage = page(() => import('@web/features/orders/pages/payment-page'), 'PaymentPage');
const OrderPage = page(() => import('@web/features/orders/pages/order-page'), 'OrderPage');
const ProductStockPage = page(
  () => import('@web/features/catalog/pages/product-stock-page'),
  'ProductStockPage',
);
const NumbersPage = page(() => import('@web/features/reports/pages/numbers-page'), 'NumbersPage');
const SettingsPage = page(() => import('@web/features/settings/pages/settings-page'), 'SettingsPage');
const ManageReturnsPage = page(
  () => import('@web/features/admin-orders/pages/returns-desk-page'),
  'ManageReturnsPage',
);
const AdminOrderPage = page(
  () => import('@web/features/admin-orders/pages/admin-order-page'),
  'AdminOrderPage',
);
const AddressesPage = page(() => import('@web/features/addresses/pages/addresses-page'), 'AddressesPage');
const AddReviewPage = page(() => import('@web/features/reviews/pages/add-review-page'), 'AddReviewPage');
const UsersPage = page(() => import('@web/features/customers/pages/users-page'), 'UsersPage');
const CustomerPage = page(() => import('@web/features/customers/pages/customer-page'), 'CustomerPage');
const AuditPage = page(() => import('@web/features/audit/pages/audit-page'), 'AuditPage');
const OverviewPage = page(() => import('@web/features/reports/pages/overview-page'), 'OverviewPage');
const ManageProductsPage = page(
  () => import('@web/features/catalog/pages/manage-products-page'),
  'ManageProductsPage',
);
const AddProductPage = page(() => import('@web/features/catalog/pages/add-product-page'), 'AddProductPage');
const ProductEditorPage = page(
  () => import('@web/features/catalog/pages/product-editor-page'),
  'ProductEditorPage',
);
const CatalogSetupPage = page(
  () => import('@web/features/catalog/pages/catalog-setup-page'),
  'CatalogSetupPage',
);
const BulkChangesPage = page(
  () => import('@web/features/catalog/pages/bulk-changes-page'),
  'BulkChangesPage',
);
const CatalogImportPage = page(
  () => import('@web/features/catalog/pages/catalog-import-page'),
  'CatalogImportPage',
);
const SearchWordsPage = page(
  () => import('@web/features/catalog/pages/search-words-page'),
  'SearchWordsPage',
);
const DiscountsPage = page(() => import('@web/features/discounts/pages/discounts-page'), 'DiscountsPage');
const ReviewDeskPage = page(() => import('@web/features/reviews/pages/reviews-desk-page'), 'ReviewDeskPage');
const ManageOrdersPage = page(
  () => import('@web/features/admin-orders/pages/manage-orders-page'),
  'ManageOrdersPage',
);
const OutboxPage = page(() => import('@web/features/outbox/pages/outbox-page'), 'OutboxPage');
const MailboxPage = page(() => import('@web/features/mail/pages/mailbox-page'), 'MailboxPage');
const MailPage = page(() => import('@web/features/mail/pages/mailbox-page'), 'MailPage');
const InboxPage = page(() => import('@web/features/inbox/pages/inbox-page'), 'InboxPage');
const InboxMessagePage = page(() => import('@web/features/inbox/pages/inbox-page'), 'InboxMessagePage');

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
