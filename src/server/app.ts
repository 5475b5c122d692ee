import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { SQL } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import type { $ZodType } from 'zod/v4/core';
import type { ErrorEnvelope } from '../contract/errors';
import { withCurrentNames } from '../contract/former-names';
import type { StoreSettings } from '../contract/settings';
import type { StoreInfo } from '../contract/store';
import { apiModule, collectRouteAccess, registerAccessGuard } from './edge/api';
import { cartRemindersModule } from './edge/cart-reminders';
import { healthModule } from './edge/health';
import type { MailContext } from './edge/mail';
import { listeningUrl, mailModule } from './edge/mail';
import { manageModule } from './edge/manage';
import { notificationsModule } from './edge/notifications';
import { pagesModule, registerWebApp } from './edge/pages';
import { webhooksModule } from './edge/webhooks';
import { flowsModule } from './flows';
import { auditModule } from './kernel/audit';
import { type Config, publicStoreInfo } from './kernel/config';
import type { Database, Db } from './kernel/db';
import {
  answerFrameworkError,
  declareScopeAccess,
  fastifyTrustProxy,
  guardRequests,
  loggableError,
  refuseMalformedHost,
  refuseUnstorableText,
  registerCsrfCheck,
  registerErrorHandling,
  registerSecurityHeaders,
  requestIdFor,
  requestLogLine,
} from './kernel/http';
import { type AuthLog, createAuth, identityModule, registerAuth, resolveAuthSecret } from './kernel/identity';
import type { ModuleDescriptor } from './kernel/jobs';
import { createJobRunner, type JobRunner, jobsModule } from './kernel/jobs';
import { limitsModule, namedPerAddress, registerRateLimits } from './kernel/limits';
import { type Mailer, mailDeliveryModule, smtpMailer } from './kernel/mail-delivery';
import { createOutbox, type Outbox, outboxModule } from './kernel/outbox';
import { createSettingsStore, defaultSettings, type SettingsStore, settingsModule } from './kernel/settings';
import { accountsModule, ensureConfiguredOwners, watchTradeAccounts } from './modules/accounts';
import { addressesModule } from './modules/addresses';
import { booksModule } from './modules/books';
import { cartModule } from './modules/cart';
import { catalogModule, type SupplierRowWriter } from './modules/catalog';
import { contactModule } from './modules/contact';
import { creditModule } from './modules/credit';
import { discountsModule, watchAutomaticDiscounts } from './modules/discounts';
import { inventoryModule } from './modules/inventory';
import { claimGuestOrders, ordersModule } from './modules/orders';
import type { PaymentProvider } from './modules/payments';
import {
  createSimulatedProvider,
  createStripeProvider,
  paymentsModule,
  stripeClient,
} from './modules/payments';
import { type PricingRules, pricingModule } from './modules/pricing';
import { purchasingModule, writeSupplierFileRow } from './modules/purchasing';
import { receivablesModule } from './modules/receivables';
import { reviewsModule } from './modules/reviews';
import { fetchProductImage, type ImageStore, localImageStore, s3ImageStore } from './modules/uploads';
import { vehiclesModule } from './modules/vehicles';

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
    /** The outbox of this app: its subscribers, from the module descriptors. */
    outbox: Outbox;
  }
}

/** What app.ts hands the rooms' descriptors: each takes the part it names. */
export interface AppContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  outbox: Outbox;
  payments: PaymentProvider;
  settings: SettingsStore;
  mailer: Mailer | undefined;
  mail: MailContext;
  /** The auth secret: sealed reset tokens, guests' order links, unsubscribe links. */
  secret: string;
  images: ImageStore;
  fetchImage: (address: string) => Promise<string>;
  /** A supplier file's row written by purchasing, for the catalog's import job below it. */
  writeSupplierRow: SupplierRowWriter;
  stripe: Stripe | undefined;
  /** The job runner's time (the database's, or a test's clock), for jobs that compare with it. */
  now: () => SQL | undefined;
}

/**
 * Every room that registers something, bottom to top (docs/architecture.md, "The ladder"): their
 * tables, jobs, outbox subscribers and routes. Subscribers are queued in this order, routes
 * registered in it. The ladder test reads the table owners from here.
 */
export const MODULES: readonly ModuleDescriptor<AppContext>[] = [
  outboxModule,
  jobsModule,
  auditModule,
  limitsModule,
  identityModule,
  settingsModule,
  mailDeliveryModule,
  addressesModule,
  contactModule,
  inventoryModule,
  creditModule,
  receivablesModule,
  vehiclesModule,
  accountsModule,
  catalogModule,
  discountsModule,
  purchasingModule,
  ordersModule,
  cartModule,
  paymentsModule,
  pricingModule,
  reviewsModule,
  booksModule,
  flowsModule,
  healthModule,
  pagesModule,
  webhooksModule,
  manageModule,
  mailModule,
  notificationsModule,
  cartRemindersModule,
  apiModule,
];

/** The outbox of an app built with this context: the subscribers its rooms' descriptors declare. */
export const outboxFor = (base: Omit<AppContext, 'outbox'>): Outbox =>
  createOutbox(MODULES.flatMap((m) => m.subscribers?.(base) ?? []));

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
  // Before any plugin adds a route: every route's declared access, and no start without one.
  collectRouteAccess(app);

  // Requests from a page loaded before the product rename still say `toolId` (decision 096).
  app.setValidatorCompiler<$ZodType>((route) => {
    const validate = validatorCompiler(route);
    return (data) => validate(withCurrentNames(data));
  });
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
  const tradeAccounts = watchTradeAccounts(database.db, database.changes);
  app.addHook('onClose', async () => tradeAccounts.close());
  app.decorate('pricingRules', () => ({
    ...settings.current(),
    automaticDiscounts: automaticDiscounts.mayHaveAny(),
    tradeAccounts: tradeAccounts.mayHaveAny(),
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
  const base: Omit<AppContext, 'outbox'> = {
    db: database.db,
    config,
    log: app.log,
    payments: app.payments,
    settings,
    mailer,
    mail: mailContext,
    secret,
    images,
    fetchImage,
    writeSupplierRow: writeSupplierFileRow,
    stripe,
    now: () => config.outbox.clock?.now(),
  };
  const outbox = outboxFor(base);
  app.decorate('outbox', outbox);
  const ctx: AppContext = { ...base, outbox };
  const jobs = createJobRunner(database.db, {
    outbox,
    jobs: MODULES.flatMap((m) => m.jobs?.(ctx) ?? []),
    log: app.log,
    ...config.outbox,
  });
  app.decorate('jobs', jobs);
  // A message queued here wakes its lanes, so idle lanes may sleep long (decision 094).
  const stopWaking = outbox.onQueued?.((subscribers) => jobs.wake(subscribers));
  app.addHook('onClose', async () => {
    stopWaking?.();
    await jobs.stop();
  });
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
  // Its pages are public, declared for the plugin's routes in a scope of their own.
  if (config.apiDocs)
    await app.register(async (docs) => {
      declareScopeAccess(docs, 'public');
      await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    });

  const authLog: AuthLog = (level, message, details) =>
    app.log[level]({ details: details.map((detail) => loggableError(detail)) }, message);
  const auth = createAuth(database.db, config.auth, secret, {
    outbox,
    log: authLog,
    // A confirmed address takes the guest orders placed with it into the account (decision 059).
    onAccountConfirmed: (userId) => claimGuestOrders(database.db, userId),
  });
  await registerAuth(app, auth, config.auth);
  // Right after the session is known: every route's permission, and the audit log's request scope.
  registerAccessGuard(app);

  for (const m of MODULES) for (const routes of m.siteRoutes?.(ctx) ?? []) await app.register(routes);
  await app.register(
    async (api) => {
      for (const m of MODULES) for (const routes of m.routes?.(ctx) ?? []) await api.register(routes);
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
