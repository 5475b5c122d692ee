import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ErrorEnvelope } from '../contract/errors';
import type { StoreSettings } from '../contract/settings';
import type { StoreInfo } from '../contract/store';
import { accountsRoutes } from './edge/api/accounts.routes';
import { addressesRoutes } from './edge/api/addresses.routes';
import { afterSaleRoutes } from './edge/api/after-sale.routes';
import { auditRoutes } from './edge/api/audit.routes';
import { cartRoutes } from './edge/api/cart.routes';
import { cartReminderRoutes } from './edge/api/cart-reminders.routes';
import { catalogRoutes } from './edge/api/catalog.routes';
import { catalogAdminRoutes } from './edge/api/catalog-admin.routes';
import { checkoutRoutes } from './edge/api/checkout.routes';
import { contactRoutes } from './edge/api/contact.routes';
import { customersRoutes } from './edge/api/customers.routes';
import { discountsRoutes } from './edge/api/discounts.routes';
import { guestRoutes } from './edge/api/guest-checkout.routes';
import { inboxRoutes } from './edge/api/inbox.routes';
import { inventoryRoutes } from './edge/api/inventory.routes';
import { mailRoutes } from './edge/api/mail.routes';
import { manageRoutes } from './edge/api/manage.routes';
import { notificationsRoutes } from './edge/api/notifications.routes';
import { ordersRoutes } from './edge/api/orders.routes';
import { outboxRoutes } from './edge/api/outbox.routes';
import { paymentsRoutes } from './edge/api/payments.routes';
import { reviewsRoutes } from './edge/api/reviews.routes';
import { sessionsRoutes } from './edge/api/sessions.routes';
import { settingsRoutes } from './edge/api/settings.routes';
import { storeRoutes } from './edge/api/store.routes';
import { stripeWebhookRoutes } from './edge/api/stripe-webhook.routes';
import { uploadsRoutes } from './edge/api/uploads.routes';
import { cartReminderMailHandler } from './edge/cart-reminders/cart-reminder-mail';
import { queueCartReminders } from './edge/cart-reminders/cart-reminders';
import { cartRemindersOn } from './edge/cart-reminders/reminder-switch';
import { healthRoutes } from './edge/health/health.routes';
import type { MailContext } from './edge/mail/layout';
import { listeningUrl } from './edge/mail/mail-links';
import { accountMailHandler } from './edge/mail/subscribers/account-subscriber';
import { contactMailHandler } from './edge/mail/subscribers/contact-subscriber';
import { orderMailHandler } from './edge/mail/subscribers/order-subscriber';
import { adminNotifyHandler } from './edge/notifications/admin-notify';
import { siteMapRoutes } from './edge/pages/site-map.routes';
import { registerWebApp } from './edge/pages/web-app';
import { orderWebhookHandler } from './edge/webhooks/order-webhook';
import { PENDING_REFUND_RETRY_MS, retryPendingRefunds } from './flows/refund';
import { removeExpiredAudit } from './kernel/audit/audit.service';
import { type Config, publicStoreInfo } from './kernel/config/config';
import type { Database, Db } from './kernel/db/database';
import { fastifyTrustProxy } from './kernel/http/client-address';
import { answerFrameworkError, registerErrorHandling } from './kernel/http/errors';
import { requestLogLine } from './kernel/http/log-redaction';
import { loggableError } from './kernel/http/loggable-error';
import { guardRequests } from './kernel/http/process-guard';
import { refuseMalformedHost, requestIdFor } from './kernel/http/request-checks';
import { registerCsrfCheck, registerSecurityHeaders } from './kernel/http/security';
import { refuseUnstorableText } from './kernel/http/unstorable-text';
import { type AuthLog, createAuth } from './kernel/identity/auth';
import { registerAuth } from './kernel/identity/auth-plugin';
import { resolveAuthSecret } from './kernel/identity/auth-secret';
import { createJobRunner, type JobRunner } from './kernel/jobs/job-runner';
import { sweepExpiredLimits } from './kernel/limits/database-limiter';
import { namedPerAddress, registerRateLimits } from './kernel/limits/rate-limits';
import { smtpMailer } from './kernel/mail-delivery/mailer';
import { setOutboxInterest } from './kernel/outbox/outbox';
import { defaultSettings } from './kernel/settings/settings-defaults';
import { createSettingsStore, type SettingsStore } from './kernel/settings/settings-store';
import { ensureConfiguredOwners } from './modules/accounts/roles.service';
import { runImports } from './modules/catalog/import-job';
import { queueLowStockDigest } from './modules/catalog/low-stock';
import { watchAutomaticDiscounts } from './modules/discounts/automatic-watch';
import { expireUnpaidOrders } from './modules/orders/expiry';
import type { PaymentProvider } from './modules/payments/payment-provider';
import { createSimulatedProvider } from './modules/payments/simulated-provider';
import { createStripeProvider, stripeClient } from './modules/payments/stripe-provider';
import type { PricingRules } from './modules/pricing/pricing';
import { fetchProductImage } from './modules/uploads/image-fetch';
import { localImageStore, s3ImageStore } from './modules/uploads/image-store';
import { vehiclesRoutes } from './modules/vehicles/vehicles.routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** The card provider: Stripe when configured, else the simulated processor. */
    payments: PaymentProvider;
    /** Outbox delivery and recurring jobs; main.ts starts it, tests run it a round at a time. */
    jobs: JobRunner;
    /** The owner's settings in force on this instance, kept current by the database's notifications. */
    settings: SettingsStore;
    /** What each setting is until the owner saves it: the environment's values. */
    settingsDefaults: StoreSettings;
    /** How carts and orders are priced now: the settings in force, and whether any automatic discount may run. */
    pricingRules(): PricingRules;
  }
}

/** Old rate-limit counters are swept this often; only expired rows go. */
const RATE_LIMIT_SWEEP_EVERY_MS = 5 * 60_000;
/** How often carts are checked for a due reminder. */
const CART_REMINDER_SWEEP_MS = 10 * 60_000;

/** The port the server is bound to once listening (PORT=0 picks one), the configured one before. */
function boundPort(app: FastifyInstance, configured: number): number {
  const address = app.server.listening ? app.server.address() : null;
  return typeof address === 'object' && address ? address.port : configured;
}

/** Bodies above this are refused with 413 before they are parsed. */
const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Builds the whole store (API and web app) without listening, so main.ts and the tests run the
 * same thing. Plugins in a visible order: errors and docs, then the API, then the web app.
 */
export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(config.logStream ? { stream: config.logStream } : {}),
            // Fastify's own request line, with secrets in the query (a reset link's token) hidden.
            serializers: { req: requestLogLine },
          },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Request ids let one customer's problem be followed through the logs; a caller's own
    // x-request-id only when short and plain (requestIdFor).
    requestIdHeader: false,
    genReqId: requestIdFor,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  const stripe = config.stripe ? await stripeClient(config.stripe) : undefined;
  app.decorate(
    'payments',
    config.stripe && stripe
      ? createStripeProvider(config.stripe, stripe)
      : createSimulatedProvider(database.db),
  );
  const settingsDefaults = defaultSettings(config);
  const settings = await createSettingsStore(database.db, database.changes, settingsDefaults, (error) =>
    app.log.warn({ err: loggableError(error) }, 'could not reload the settings; the ones held stay in force'),
  );
  app.decorate('settingsDefaults', settingsDefaults);
  app.decorate('settings', settings);
  app.addHook('onClose', async () => settings.close());
  const automaticDiscounts = watchAutomaticDiscounts(database.db, database.changes);
  app.addHook('onClose', async () => automaticDiscounts.close());
  app.decorate('pricingRules', () => ({
    ...settings.current(),
    automaticDiscounts: automaticDiscounts.mayHaveAny(),
  }));
  // Resolved once, before the job runner starts: the account mails open reset tokens sealed with it.
  const secret = await resolveAuthSecret(database.db, config.auth.secret);
  // The accounts of ADMIN_EMAILS are the store's owners, whenever their account was made.
  await ensureConfiguredOwners(database.db, config.auth.adminEmails);
  const mailer = config.smtp ? smtpMailer(config.smtp) : undefined;
  // Links in mails: PUBLIC_URL, else the address this store listens on (never a request's Host).
  const siteUrl = () => config.auth.publicUrl ?? listeningUrl(config.host, boundPort(app, config.port));
  // The brand is read when each mail is written, so a renamed store signs its next mail with the new name.
  const mailContext: MailContext = {
    get brand() {
      return settings.current().store.brand;
    },
    siteUrl,
  };
  if (!config.auth.publicUrl)
    app.addHook('onListen', async () => {
      app.log.warn(`PUBLIC_URL is not set: links in mails point to ${siteUrl()}`);
    });
  const images = config.uploads.s3 ? s3ImageStore(config.uploads.s3) : localImageStore(config.uploads.dir);
  const fetchImage = async (address: string) =>
    (await fetchProductImage(images, address, config.uploads.fetchPrivateAddresses)).data.url;
  // Rows only for subscribers that will act: no webhook row without a webhook address.
  setOutboxInterest({ orderWebhook: config.orderWebhook !== undefined });
  const jobs = createJobRunner(database.db, {
    // One handler per subscriber of the outbox's SUBSCRIBERS: one missing does not compile.
    handlers: {
      'order-webhook': orderWebhookHandler(config.orderWebhook),
      'order-mail': orderMailHandler(database.db, mailer, mailContext, secret),
      'contact-mail': contactMailHandler(database.db, mailer, mailContext),
      'admin-notify': adminNotifyHandler(
        database.db,
        mailer,
        mailContext,
        () => settings.current().inventory.lowStockFactor,
      ),
      'account-mail': accountMailHandler(database.db, mailer, mailContext, secret),
      'cart-reminder-mail': cartReminderMailHandler(database.db, mailer, mailContext, secret, settings),
    },
    jobs: [
      {
        name: 'expire-unpaid-orders',
        everyMs: config.orders.expirySweepMs,
        run: async () => {
          const count = await expireUnpaidOrders(database.db);
          if (count > 0) app.log.info({ count }, 'expired unpaid orders past their hold');
        },
      },
      {
        // Counters whose window ended long ago; any instance may do it, one does each time.
        name: 'rate-limit-sweep',
        everyMs: RATE_LIMIT_SWEEP_EVERY_MS,
        run: () => sweepExpiredLimits(database.db),
      },
      {
        // Catalog imports the owner started: a few seconds of work per run, resumed by the next.
        name: 'catalog-imports',
        everyMs: 1000,
        run: async () => {
          const rows = await runImports(database.db, { budgetMs: 5000, fetchImage });
          if (rows > 0) app.log.info({ rows }, 'applied catalog import rows');
        },
      },
      {
        // Refunds the provider has not settled (unreachable, or still processing): asked again.
        name: 'pending-refunds',
        everyMs: PENDING_REFUND_RETRY_MS,
        run: async () => {
          await retryPendingRefunds(database.db, app.payments, app.log, config.outbox.clock?.now());
        },
      },
      {
        // Carts untouched for a day: one reminder each (decision 060); checked often, so a cart is
        // reminded of soon after its day, and cheap when nothing is due.
        name: 'cart-reminders',
        everyMs: CART_REMINDER_SWEEP_MS,
        run: async () => {
          if (!cartRemindersOn(settings)) return;
          const count = await queueCartReminders(database.db, config.outbox.clock?.now());
          if (count > 0) app.log.info({ count }, 'queued cart reminders');
        },
      },
      {
        // The audit log keeps AUDIT_RETENTION_DAYS; one instance removes older rows each time.
        name: 'audit-retention',
        everyMs: 60 * 60 * 1000,
        run: () => removeExpiredAudit(database.db, config.audit.retentionDays, config.outbox.clock?.now()),
      },
      {
        name: 'low-stock-digest',
        everyMs: 24 * 60 * 60 * 1000,
        run: () => queueLowStockDigest(database.db, settings.current().inventory.lowStockFactor),
      },
    ],
    log: app.log,
    ...config.outbox,
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  registerErrorHandling(app);
  guardRequests(app);
  await registerSecurityHeaders(app, config);
  registerCsrfCheck(app, config);
  refuseUnstorableText(app);
  refuseMalformedHost(app);
  await registerRateLimits(app);

  await app.register(swagger, {
    openapi: {
      info: { title: `${config.store.brand} API`, version: '1.0.0' },
      tags: [
        { name: 'catalog' },
        { name: 'inventory' },
        { name: 'reviews' },
        { name: 'contact' },
        { name: 'store' },
        { name: 'health' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  // The document is always built (the API's own tests read it); its pages only where API_DOCS says,
  // off by default in a published store (config.apiDocs).
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const authLog: AuthLog = (level, message, details) =>
    app.log[level]({ details: details.map((detail) => loggableError(detail)) }, message);
  await registerAuth(app, createAuth(database.db, config.auth, secret, authLog), config.auth);

  const uploads = uploadsRoutes(images, config.uploads.fetchPrivateAddresses);

  await app.register(healthRoutes);
  await app.register(siteMapRoutes);
  await app.register(uploads.files);
  await app.register(
    async (api) => {
      await api.register(catalogRoutes);
      await api.register(catalogAdminRoutes);
      await api.register(vehiclesRoutes);
      await api.register(reviewsRoutes);
      await api.register(contactRoutes);
      await api.register(storeRoutes);
      await api.register(accountsRoutes);
      await api.register(sessionsRoutes);
      await api.register(ordersRoutes);
      await api.register(cartRoutes);
      await api.register(addressesRoutes);
      await api.register(checkoutRoutes);
      await api.register(guestRoutes(secret));
      await api.register(cartReminderRoutes(secret));
      await api.register(discountsRoutes);
      await api.register(paymentsRoutes);
      await api.register(manageRoutes);
      await api.register(afterSaleRoutes);
      await api.register(inventoryRoutes);
      await api.register(outboxRoutes);
      await api.register(mailRoutes);
      await api.register(inboxRoutes);
      await api.register(notificationsRoutes);
      await api.register(settingsRoutes);
      await api.register(customersRoutes);
      await api.register(auditRoutes);
      await api.register(uploads.api);
      if (config.stripe && stripe)
        await api.register(stripeWebhookRoutes(stripe, config.stripe, app.payments));
    },
    { prefix: '/api' },
  );

  // The same object while the settings stay the same, so the page is not compared field by field
  // on every request to find it unchanged.
  let storeInfo: { from: StoreSettings; info: StoreInfo } | undefined;
  const currentStoreInfo = () => {
    const from = settings.current();
    if (storeInfo?.from !== from) storeInfo = { from, info: publicStoreInfo(config, from) };
    return storeInfo.info;
  };
  const web = await registerWebApp(app, config.webDistDir, currentStoreInfo);
  // Guessing URLs is cheap for a scanner; the not-found answer is rate limited like any other.
  const notFoundLimit = app.rateLimit(namedPerAddress('not-found', config.rateLimits.notFoundPerMinute));
  app.setNotFoundHandler({ preHandler: notFoundLimit }, (request, reply) => {
    if (web?.wantsPage(request)) return web.sendIndex(request, reply);
    const body: ErrorEnvelope = {
      error: {
        code: 'NOT_FOUND',
        message: `No route for ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)}`,
      },
    };
    return reply.status(404).send(body);
  });

  return app;
}
