import type Stripe from 'stripe';
import type { Config } from '../../kernel/config';
import type { ModuleDescriptor, RoutePlugin } from '../../kernel/jobs';
import type { PaymentProvider } from '../../modules/payments';
import type { ImageStore } from '../../modules/uploads';
import { accountsRoutes } from './accounts.routes';
import { addressesRoutes } from './addresses.routes';
import { afterSaleRoutes } from './after-sale.routes';
import { auditRoutes } from './audit.routes';
import { booksRoutes } from './books.routes';
import { cartRoutes } from './cart.routes';
import { cartReminderRoutes } from './cart-reminders.routes';
import { catalogRoutes } from './catalog.routes';
import { catalogAdminRoutes } from './catalog-admin.routes';
import { checkoutRoutes } from './checkout.routes';
import { contactRoutes } from './contact.routes';
import { customersRoutes } from './customers.routes';
import { discountsRoutes } from './discounts.routes';
import { guestRoutes } from './guest-checkout.routes';
import { inboxRoutes } from './inbox.routes';
import { inventoryRoutes } from './inventory.routes';
import { locationsRoutes } from './locations.routes';
import { mailRoutes } from './mail.routes';
import { manageRoutes } from './manage.routes';
import { notificationsRoutes } from './notifications.routes';
import { ordersRoutes } from './orders.routes';
import { outboxRoutes } from './outbox.routes';
import { paymentsRoutes } from './payments.routes';
import { purchasingRoutes } from './purchasing.routes';
import { receivablesRoutes } from './receivables.routes';
import { reviewsRoutes } from './reviews.routes';
import { sessionsRoutes } from './sessions.routes';
import { settingsRoutes } from './settings.routes';
import { staffOrderRoutes } from './staff-orders.routes';
import { storeRoutes } from './store.routes';
import { stripeWebhookRoutes } from './stripe-webhook.routes';
import { tradeRoutes } from './trade.routes';
import { tradeApplicationsRoutes } from './trade-applications.routes';
import { uploadsRoutes } from './uploads.routes';

export { collectRouteAccess, registerAccessGuard } from './access-guard';

/** What the API's routes are built with, besides what they read from the app (`app.db`, `app.payments` …). */
interface ApiContext {
  /** Signs guests' order links and cart reminders' unsubscribe links. */
  secret: string;
  images: ImageStore;
  config: Pick<Config, 'uploads' | 'stripe'>;
  /** Stripe's client when the store takes payments with Stripe. */
  stripe: Stripe | undefined;
  payments: PaymentProvider;
}

/**
 * Every route under /api (each declares its access in its own options, which the guard reads), and
 * the uploaded files at the site's root. A new file of routes is imported here and added to the list.
 */
export const apiModule: ModuleDescriptor<ApiContext> = {
  name: 'edge/api',
  routes: ({ secret, images, config, stripe, payments }) => {
    const routes: RoutePlugin[] = [
      catalogRoutes,
      catalogAdminRoutes,
      reviewsRoutes,
      contactRoutes,
      storeRoutes,
      accountsRoutes,
      sessionsRoutes,
      ordersRoutes,
      cartRoutes,
      addressesRoutes,
      checkoutRoutes,
      guestRoutes(secret),
      staffOrderRoutes(secret),
      cartReminderRoutes(secret),
      discountsRoutes,
      paymentsRoutes,
      manageRoutes,
      afterSaleRoutes,
      booksRoutes,
      inventoryRoutes,
      locationsRoutes,
      outboxRoutes,
      mailRoutes,
      inboxRoutes,
      notificationsRoutes,
      settingsRoutes,
      customersRoutes,
      tradeRoutes,
      receivablesRoutes,
      tradeApplicationsRoutes,
      purchasingRoutes,
      auditRoutes,
      uploadsRoutes(images, config.uploads.fetchPrivateAddresses).api,
    ];
    if (config.stripe && stripe) routes.push(stripeWebhookRoutes(stripe, config.stripe, payments));
    return routes;
  },
  siteRoutes: ({ images, config }) => [uploadsRoutes(images, config.uploads.fetchPrivateAddresses).files],
};
