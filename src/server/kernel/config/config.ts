import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseMoney } from '../../../contract/money';
import { StoreInfo } from '../../../contract/store';
import type { ProxyTrust } from '../http';
import type { Clock } from '../jobs';
import { storeDefaults } from './store-defaults';

/** Money in settings is written in dollars ("7.99") and kept in cents; no float ever holds it. */
const dollarsSetting = z.coerce
  .string()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, 'an amount in dollars, like 7.99')
  .transform((text): number => parseMoney(text));

/** A percentage ("7.25") kept in basis points (725). */
const percentSetting = z.coerce
  .string()
  .regex(/^\d{1,2}(\.\d{1,2})?$/, 'a percentage, like 7.25')
  .transform((text) => {
    const [whole = '0', hundredths = ''] = text.split('.');
    return Number(whole) * 100 + Number(hundredths.padEnd(2, '0'));
  });

/**
 * Every setting the server reads from its environment. The README's configuration tables list
 * each one with its default (readme-settings.test.ts checks both).
 */
export const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().default('./data'),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'a size such as 16MB or 1GB')
    .default('16MB'),
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('true'),
  STORE_NAME: z.string().min(1).optional(),
  STORE_WORDMARK: z.string().min(1).optional(),
  STORE_CONFIG: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default('./dist/web'),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  TRUSTED_ORIGINS: z.string().default(''),
  ADMIN_EMAILS: z.string().default(''),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_PROVIDER_ID: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'OIDC_PROVIDER_ID may use a-z, 0-9 and -')
    .default('oidc'),
  OIDC_NAME: z.string().default('Single sign-on'),
  OIDC_DISCOVERY_URL: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  AUTH_SLOW_DOWN_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  REQUIRE_EMAIL_VERIFICATION: z.enum(['true', 'false']).default('false'),
  /** `low`: a cheap password hash for test suites only; refused for a published store. */
  PASSWORD_HASH_COST: z.enum(['standard', 'low']).default('standard'),
  ORDER_HOLD_MINUTES: z.coerce
    .number()
    .positive()
    .max(60 * 24 * 30)
    .default(30),
  MAX_UNPAID_ORDERS: z.coerce.number().int().min(1).max(1000).default(3),
  MAX_UNPAID_UNITS: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** A guest's unpaid order holds its stock this long (at most ORDER_HOLD_MINUTES). */
  GUEST_HOLD_MINUTES: z.coerce
    .number()
    .positive()
    .max(60 * 24 * 30)
    .default(15),
  /** Unpaid guest orders together hold at most this share of a product's units on hand, in %. */
  GUEST_STOCK_SHARE_PERCENT: z.coerce.number().min(1).max(100).default(50),
  /** The "waiting for payment" mail goes this long after the order, only if it is still unpaid. */
  ORDER_WAITING_MAIL_MINUTES: z.coerce.number().min(0).max(1440).default(5),
  SHIPPING_STANDARD: dollarsSetting.default(799),
  SHIPPING_EXPRESS: dollarsSetting.default(1999),
  /** Standard shipping is free from this subtotal on; "off" never. */
  FREE_SHIPPING_OVER: z.union([z.literal('off').transform(() => null), dollarsSetting]).default(10_000),
  TAX_RATE: percentSetting.default(700),
  /** Per state or region, e.g. "MI=6,CA=7.25,ON=13"; others pay TAX_RATE. */
  TAX_RATES: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const rates: Record<string, number> = {};
      for (const pair of text.split(',').filter((p) => p.trim())) {
        const [region, rate] = pair.split('=').map((p) => p.trim());
        const parsed = percentSetting.safeParse(rate);
        if (!region || !parsed.success) {
          ctx.addIssue({ code: 'custom', message: `TAX_RATES: "${pair}" is not REGION=percent` });
          return z.NEVER;
        }
        rates[region.toUpperCase()] = parsed.data;
      }
      return rates;
    }),
  ORDER_EXPIRY_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  ORDER_WEBHOOK_URL: z.string().url().optional(),
  ORDER_WEBHOOK_SECRET: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** A failing message is retried this long (0: never retried), then kept as a dead letter. */
  OUTBOX_RETRY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(48),
  OUTBOX_MAX_BACKOFF_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  OUTBOX_RETENTION_DAYS: z.coerce.number().min(0).max(3650).default(7),
  /** Audit log rows are kept this many days, then removed by a recurring job. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  /** Replaced by OUTBOX_RETRY_HOURS; still read, to refuse it rather than ignore it. */
  OUTBOX_MAX_ATTEMPTS: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().url().optional(),
  UPLOADS_DIR: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PREFIX: z.string().default('uploads/'),
  LOW_STOCK_FACTOR: z.coerce.number().positive().max(100).default(2),
  /** A signed-in customer's cart untouched for a day gets one reminder mail ('off': none). */
  CART_REMINDERS: z.enum(['on', 'off']).default('on'),
  /** Days after a part shipped that a customer may ask to return it. */
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  /** Percent of a returned line's price kept as a restocking fee when its refund is offered (0: none). */
  RESTOCKING_FEE_PERCENT: z.coerce.number().min(0).max(100).default(0),
  IMAGE_FETCH_PRIVATE: z.enum(['true', 'false']).default('false'),
  TRUST_PROXY: z.string().default('false'),
  NODE_ENV: z.string().optional(),
  /** The API's documentation at /api/docs: on by default on a developer's machine, off when published. */
  API_DOCS: z.enum(['true', 'false']).optional(),
  PAYMENTS: z.enum(['stripe', 'simulated']).optional(),
  RATE_LIMIT_ORDERS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_CART_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_REVIEWS_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_CONTACT_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_NOT_FOUND_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_CATALOG_SEARCH_PER_MINUTE: z.coerce.number().int().min(1).default(300),
});

/**
 * TRUST_PROXY: 'false'; 'true' (one proxy in front); a number of proxies in front; or a comma list
 * of the proxies' addresses/CIDRs. Never "every hop": the leftmost X-Forwarded-For entry is the
 * client's own writing (docs/decisions/031).
 */
function trustProxy(value: string): ProxyTrust {
  if (value === 'false' || value === '') return false;
  if (value === 'true') return { hops: 1 };
  if (/^\d{1,2}$/.test(value)) return Number(value) === 0 ? false : { hops: Number(value) };
  return value;
}

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * How hard a password hash is to compute. `standard` is better-auth's own scrypt (N=16384, r=16:
 * about a quarter of a CPU-second per sign-up or sign-in on a small machine), which every real
 * store uses. `low` exists for test suites only, as Devise's one stretch and Django's test hasher
 * do: the suites sign up and in well over a thousand times per run, and at the standard cost that
 * alone was minutes of CPU. The configuration refuses `low` for a published store.
 */
export type PasswordHashCost = 'standard' | 'low';

export interface PricingConfig {
  standardCents: number;
  expressCents: number;
  /** Standard shipping costs nothing from this subtotal on; null: never free. */
  freeStandardOverCents: number | null;
  taxBasisPoints: number;
  /** Region code (upper case) to basis points. */
  taxByRegion: Record<string, number>;
}

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; without it the store uses embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  /** PGlite's shared buffers (PostgreSQL's size syntax): resident memory for good (decision 069). */
  pgliteSharedBuffers: string;
  seedDemoData: boolean;
  logLevel: string;
  /** Where log lines go instead of stdout; never set from the environment (tests read the logs with it). */
  logStream?: { write(line: string): void };
  /** Built web app (vite build output); served when present. */
  webDistDir: string;
  store: StoreInfo;
  auth: AuthConfig;
  /** How long an unpaid order holds its stock, and how much one customer's unpaid orders may hold. */
  orders: {
    holdMs: number;
    maxUnpaidOrders: number;
    maxReservedUnits: number;
    expirySweepMs: number;
    /** A guest's hold, the guests' share of a product, and when the waiting mail goes (decision 073). */
    guestHoldMs: number;
    guestStockSharePercent: number;
    waitingMailMs: number;
  };
  /** Shipping rates and sales tax, all in cents and basis points. */
  pricing: PricingConfig;
  /** The job runner that delivers outbox messages (docs/decisions/010 and 034). */
  outbox: {
    pollMs: number;
    leaseMs: number;
    retryForMs: number;
    maxBackoffMs: number;
    retentionMs: number;
    /** Never set from the environment: tests bring a clock they move by hand. */
    clock?: Clock;
  };
  /** How long the audit log keeps its rows. */
  audit: { retentionDays: number };
  /** Where order events are POSTed, signed with the secret; unset: nowhere. */
  orderWebhook: { url: string; secret: string | undefined } | undefined;
  /** Mail leaves through this SMTP server when set; unset: every mail is kept in the admin Mailbox. */
  smtp: { url: string; from: string } | undefined;
  /**
   * NODE_ENV=development (npm run dev): the Vite dev server's origin is trusted. Nothing else
   * relaxes with it.
   */
  development: boolean;
  /**
   * Whether /api/docs (the OpenAPI document and its pages) is served: API_DOCS, else on unless the
   * store is published (PUBLIC_URL or NODE_ENV=production), where it would map every admin route
   * for anyone.
   */
  apiDocs: boolean;
  /** Stripe when both keys are set (unless PAYMENTS=simulated); otherwise the simulated card processor. */
  stripe: StripeConfig | undefined;

  /** Where product images go: a local folder, or an S3-compatible bucket when S3_BUCKET is set. */
  uploads: { dir: string; s3: S3Config | undefined; fetchPrivateAddresses: boolean };
  /** A product without its own threshold is low on stock at or under its minimum order quantity times this. */
  lowStockFactor: number;
  /** Cart reminders' default (read through edge/cart-reminders/reminder-switch.ts only). */
  cartReminders: boolean;
  /** Returns: the window after shipping, and the restocking fee the refund offer keeps. */
  returns: { windowDays: number; restockingFeePercent: number };
  /** Behind a reverse proxy, which hops to trust for the client's address (per-IP limits). */
  trustProxy: ProxyTrust;
  /** Requests per minute: orders and reviews per signed-in session, contact messages and unknown URLs per address. */
  rateLimits: {
    ordersPerMinute: number;
    /** Cart changes per signed-in customer: generous, a buyer clicks quantity steppers. */
    cartWritesPerMinute: number;
    reviewsPerMinute: number;
    contactPerMinute: number;
    notFoundPerMinute: number;
    /** Catalog searches and pages past the first, per address: the list reads that reach the database. */
    catalogSearchPerMinute: number;
  };
}

export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  prefix: string;
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** Another Stripe API address (a local fake in tests); unset: Stripe itself. */
  apiUrl: string | undefined;
}

export interface AuthConfig {
  /** Signs session cookies; when unset one is generated once and kept in the database. */
  secret: string | undefined;
  /** The address customers use (https://shop.example.com); unset: taken from each request's host. */
  publicUrl: string | undefined;
  /** Other origins allowed to call the auth endpoints with cookies (the Vite dev server by default). */
  trustedOrigins: string[];
  /** Accounts with these emails become admins when they sign up. */
  adminEmails: string[];
  google: { clientId: string; clientSecret: string } | undefined;
  /** Any OpenID Connect provider, through discovery. */
  oidc:
    | { providerId: string; name: string; discoveryUrl: string; clientId: string; clientSecret: string }
    | undefined;
  /**
   * Failed sign-ins per address and per account from one address, in a window; past `perAccount`
   * failures on an account from everywhere, each attempt on it waits `slowDownMs` (never refused).
   */
  rateLimit: { perIp: number; perAccount: number; windowSeconds: number; slowDownMs: number };
  /**
   * Sign-up mails a confirmation link and signs in only once it is followed; a known and a new
   * address get the same answer. Off: the spec's sign-up, signed in at once.
   */
  requireEmailVerification: boolean;
  /** `standard` everywhere but in test suites (kernel/identity/password-hash.ts). */
  passwordHashCost: PasswordHashCost;
}

/**
 * What the store says about itself to visitors: its details (the owner's settings over the
 * configured ones), and that it is in test mode whenever the simulated card processor takes the
 * payments (no real money moves).
 */
export function publicStoreInfo(
  config: Config,
  settings?: { store: Pick<StoreInfo, 'brand' | 'wordmark' | 'contact'>; orders: { holdMinutes: number } },
): StoreInfo {
  const orderHoldMinutes = Math.round(settings ? settings.orders.holdMinutes : config.orders.holdMs / 60_000);
  const store: StoreInfo = settings
    ? {
        ...config.store,
        brand: settings.store.brand,
        wordmark: settings.store.wordmark,
        contact: settings.store.contact,
      }
    : config.store;
  return config.stripe ? { ...store, orderHoldMinutes } : { ...store, testMode: true, orderHoldMinutes };
}

/** A STORE_CONFIG file may set any part of the store's information; the rest keeps its default. */
const StoreOverrides = StoreInfo.omit({ testMode: true, orderHoldMinutes: true }).partial().extend({
  contact: StoreInfo.shape.contact.partial().optional(),
  portfolio: StoreInfo.shape.portfolio.partial().optional(),
});
type StoreOverrides = z.infer<typeof StoreOverrides>;

function readStoreFile(file: string): StoreOverrides {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`STORE_CONFIG: cannot read ${file} as JSON (${(error as Error).message})`);
  }
  const parsed = StoreOverrides.safeParse(raw);
  if (!parsed.success) throw new Error(`STORE_CONFIG: ${file} is not valid: ${parsed.error.message}`);
  return parsed.data;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const development = e.NODE_ENV === 'development';
  const hasStripeKeys = Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY);
  if (e.PAYMENTS === 'stripe' && !hasStripeKeys)
    throw new Error(
      'Invalid configuration:\n  PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY',
    );
  // A store published at an address (or started as production) never takes simulated payments
  // unless told to in so many words: a missing key must not mark real orders paid.
  const published = Boolean(e.PUBLIC_URL) || e.NODE_ENV === 'production';
  if (!hasStripeKeys && !e.PAYMENTS && published && !development)
    throw new Error(
      'Invalid configuration:\n  no Stripe keys (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY): set them, or set PAYMENTS=simulated to run in test mode with the simulated card processor',
    );
  if (e.PASSWORD_HASH_COST === 'low' && published)
    throw new Error(
      'Invalid configuration:\n  PASSWORD_HASH_COST=low is for test suites: a published store (PUBLIC_URL or NODE_ENV=production) hashes passwords at the standard cost',
    );
  if (e.OUTBOX_MAX_ATTEMPTS !== undefined)
    throw new Error(
      'Invalid configuration:\n  OUTBOX_MAX_ATTEMPTS is no longer read: a failing message is retried for OUTBOX_RETRY_HOURS (48 by default), then kept as a dead letter',
    );
  if (Boolean(e.SMTP_URL) !== Boolean(e.MAIL_FROM))
    throw new Error('Invalid configuration:\n  SMTP_URL and MAIL_FROM are set together (or neither)');
  const simulated = e.PAYMENTS === 'simulated' || !hasStripeKeys;
  const fromFile: StoreOverrides = e.STORE_CONFIG ? readStoreFile(e.STORE_CONFIG) : {};
  const store: StoreInfo = {
    ...storeDefaults,
    ...fromFile,
    contact: { ...storeDefaults.contact, ...fromFile.contact },
    portfolio: { ...storeDefaults.portfolio, ...fromFile.portfolio },
  };
  if (e.STORE_NAME) store.brand = e.STORE_NAME;
  if (e.STORE_WORDMARK) store.wordmark = e.STORE_WORDMARK;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: path.resolve(e.DATA_DIR),
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    seedDemoData: e.SEED_DEMO_DATA === 'true',
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    store,
    auth: {
      secret: e.AUTH_SECRET,
      publicUrl: e.PUBLIC_URL,
      trustedOrigins: [
        ...list(e.TRUSTED_ORIGINS),
        // Vite's dev server calls the API from its own port, in development only.
        ...(development ? ['http://localhost:5173', 'http://127.0.0.1:5173'] : []),
      ],
      adminEmails: list(e.ADMIN_EMAILS).map((email) => email.toLowerCase()),
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
          : undefined,
      oidc:
        e.OIDC_DISCOVERY_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
          ? {
              providerId: e.OIDC_PROVIDER_ID,
              name: e.OIDC_NAME,
              discoveryUrl: e.OIDC_DISCOVERY_URL,
              clientId: e.OIDC_CLIENT_ID,
              clientSecret: e.OIDC_CLIENT_SECRET,
            }
          : undefined,
      rateLimit: {
        perIp: e.AUTH_RATE_LIMIT_PER_IP,
        perAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
        windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS,
        slowDownMs: e.AUTH_SLOW_DOWN_MS,
      },
      requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION === 'true',
      passwordHashCost: e.PASSWORD_HASH_COST,
    },
    development,
    apiDocs: e.API_DOCS ? e.API_DOCS === 'true' : development || !published,
    orders: {
      holdMs: e.ORDER_HOLD_MINUTES * 60 * 1000,
      maxUnpaidOrders: e.MAX_UNPAID_ORDERS,
      maxReservedUnits: e.MAX_UNPAID_UNITS,
      expirySweepMs: e.ORDER_EXPIRY_SWEEP_SECONDS * 1000,
      guestHoldMs: e.GUEST_HOLD_MINUTES * 60 * 1000,
      guestStockSharePercent: e.GUEST_STOCK_SHARE_PERCENT,
      waitingMailMs: e.ORDER_WAITING_MAIL_MINUTES * 60 * 1000,
    },
    pricing: {
      standardCents: e.SHIPPING_STANDARD,
      expressCents: e.SHIPPING_EXPRESS,
      freeStandardOverCents: e.FREE_SHIPPING_OVER,
      taxBasisPoints: e.TAX_RATE,
      taxByRegion: e.TAX_RATES,
    },
    outbox: {
      pollMs: e.OUTBOX_POLL_MS,
      leaseMs: e.OUTBOX_LEASE_SECONDS * 1000,
      retryForMs: e.OUTBOX_RETRY_HOURS * 60 * 60 * 1000,
      maxBackoffMs: e.OUTBOX_MAX_BACKOFF_SECONDS * 1000,
      retentionMs: e.OUTBOX_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    },
    audit: { retentionDays: e.AUDIT_RETENTION_DAYS },
    orderWebhook: e.ORDER_WEBHOOK_URL
      ? { url: e.ORDER_WEBHOOK_URL, secret: e.ORDER_WEBHOOK_SECRET }
      : undefined,
    smtp: e.SMTP_URL && e.MAIL_FROM ? { url: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    stripe:
      !simulated && e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined,
    uploads: {
      dir: path.resolve(e.UPLOADS_DIR ?? path.join(e.DATA_DIR, 'uploads')),
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            prefix: e.S3_PREFIX,
          }
        : undefined,
      fetchPrivateAddresses: e.IMAGE_FETCH_PRIVATE === 'true',
    },
    lowStockFactor: e.LOW_STOCK_FACTOR,
    cartReminders: e.CART_REMINDERS === 'on',
    returns: { windowDays: e.RETURN_WINDOW_DAYS, restockingFeePercent: e.RESTOCKING_FEE_PERCENT },
    trustProxy: trustProxy(e.TRUST_PROXY),
    rateLimits: {
      ordersPerMinute: e.RATE_LIMIT_ORDERS_PER_MINUTE,
      cartWritesPerMinute: e.RATE_LIMIT_CART_WRITES_PER_MINUTE,
      reviewsPerMinute: e.RATE_LIMIT_REVIEWS_PER_MINUTE,
      contactPerMinute: e.RATE_LIMIT_CONTACT_PER_MINUTE,
      notFoundPerMinute: e.RATE_LIMIT_NOT_FOUND_PER_MINUTE,
      catalogSearchPerMinute: e.RATE_LIMIT_CATALOG_SEARCH_PER_MINUTE,
    },
  };
}
