import { type PageKey, pageAccess, pageKeys, pages } from '@contract/pages';
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
const ProductsPage = page(() => import('@web/features/catalog/pages/tools-page'), 'ProductsPage');
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
const QuotePage = page(() => import('@web/features/orders/pages/quote-page'), 'QuotePage');
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
const FinancePage = page(() => import('@web/features/books/pages/finance-page'), 'FinancePage');
const PurchasingPage = page(() => import('@web/features/purchasing/pages/purchasing-page'), 'PurchasingPage');
const PurchaseOrderPage = page(
  () => import('@web/features/purchasing/pages/purchase-order-page'),
  'PurchaseOrderPage',
);
const SupplierPage = page(() => import('@web/features/purchasing/pages/supplier-page'), 'SupplierPage');
const LocationsPage = page(() => import('@web/features/locations/pages/locations-page'), 'LocationsPage');
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
const TradeApplicationsPage = page(
  () => import('@web/features/customers/pages/trade-applications-page'),
  'TradeApplicationsPage',
);
const CustomerGroupsPage = page(
  () => import('@web/features/customers/pages/customer-groups-page'),
  'CustomerGroupsPage',
);
const InvoicesPage = page(() => import('@web/features/customers/pages/invoices-page'), 'InvoicesPage');
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
 * Each page of the route table (contract/pages.ts) and what shows it: home is in the first load,
 * every other page its own chunk. A page added to the table without one here does not compile.
 */
export const pageComponents: Record<PageKey, ComponentType> = {
  home: HomePage,
  tools: ProductsPage,
  reviews: ReviewsPage,
  contact: ContactPage,
  portfolio: PortfolioPage,
  blog: BlogPage,
  shippingPolicy: ShippingPolicyPage,
  returnPolicy: ReturnPolicyPage,
  product: ProductPage,
  purchase: PurchasePage,
  cart: CartPage,
  checkout: CheckoutPage,
  guestCheckout: GuestCheckoutPage,
  checkoutDone: CheckoutDonePage,
  orderStatus: OrderStatusPage,
  unsubscribe: UnsubscribePage,
  quote: QuotePage,
  login: LoginPage,
  signup: SignupPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  dashboard: MyProfilePage,
  myOrders: MyOrdersPage,
  payment: PaymentPage,
  order: OrderPage,
  addresses: AddressesPage,
  addReview: AddReviewPage,
  overview: OverviewPage,
  users: UsersPage,
  customer: CustomerPage,
  tradeApplications: TradeApplicationsPage,
  customerGroups: CustomerGroupsPage,
  invoices: InvoicesPage,
  manageProduct: ManageProductsPage,
  addProduct: AddProductPage,
  productEditor: ProductEditorPage,
  productStock: ProductStockPage,
  categories: CatalogSetupPage,
  bulk: BulkChangesPage,
  catalogImport: CatalogImportPage,
  searchWords: SearchWordsPage,
  discounts: DiscountsPage,
  reviewDesk: ReviewDeskPage,
  manageOrders: ManageOrdersPage,
  manageOrder: AdminOrderPage,
  returns: ManageReturnsPage,
  numbers: NumbersPage,
  finance: FinancePage,
  purchasing: PurchasingPage,
  purchaseOrder: PurchaseOrderPage,
  supplier: SupplierPage,
  locations: LocationsPage,
  settings: SettingsPage,
  outbox: OutboxPage,
  mailbox: MailboxPage,
  mail: MailPage,
  inbox: InboxPage,
  inboxMessage: InboxMessagePage,
  audit: AuditPage,
};

/** The pages inside the dashboard's layout (its index, My Profile, aside). */
const inDashboard = (key: PageKey) => pages[key].pattern.startsWith(`${pages.dashboard.pattern}/`);

/**
 * A page behind the guard its access names (contract/pages.ts `pageAccess`). A signed-out visitor
 * of a signed-in page goes to /login; on an admin page a signed-in non-admin is signed out and
 * sent to /login, and one of the staff whose role lacks the permission is told so. The dashboard's
 * layout already asks for a signed-in visitor, so its pages do not ask again.
 */
function guardedPage(key: PageKey): ReactNode {
  const Page = pageComponents[key];
  const access = pageAccess[key];
  if (access === 'public') return <Page />;
  if (access === 'signedIn')
    return inDashboard(key) || key === 'dashboard' ? (
      <Page />
    ) : (
      <RequireAuth>
        <Page />
      </RequireAuth>
    );
  return (
    <RequireAdmin permission={access}>
      <Page />
    </RequireAdmin>
  );
}

const storePages = pageKeys.filter((key) => key !== 'home' && key !== 'dashboard' && !inDashboard(key));
const dashboardPages = pageKeys.filter(inDashboard);

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
        <Route index element={guardedPage('home')} />
        {storePages.map((key) => (
          <Route key={key} path={pages[key].pattern} element={guardedPage(key)} />
        ))}
        <Route
          path={pages.dashboard.pattern}
          element={
            <RequireAuth>
              <DashboardLayout />
            </RequireAuth>
          }
        >
          <Route index element={guardedPage('dashboard')} />
          {dashboardPages.map((key) => (
            <Route key={key} path={pages[key].pattern} element={guardedPage(key)} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
