import { and, desc, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Config } from '../kernel/config/config';
import type { Db } from '../kernel/db/database';
import { orders, paymentIntents, products, user } from '../kernel/db/schema';
import { testConfig } from './harness';
import { bigPng, imageForm } from './images';
import { signUp, type TestSession, uniqueEmail } from './sessions';

/**
 * The accounts and records a fuzz run works with, all made through the API as a client would:
 * an admin, a customer, another customer and a bystander (the only account an admin's fuzzed
 * calls may promote), tools, orders in each state, an open payment and an uploaded image. Free of
 * vitest, so the bench runs it too.
 */

export interface Actor extends TestSession {
  id: string;
}

export interface FuzzWorld {
  app: FastifyInstance;
  db: Db;
  admin: Actor;
  customer: Actor;
  other: Actor;
  bystander: Actor;
  /** Existing ids and secrets the generators mix in; `refresh` keeps them alive. */
  pools: {
    productIds: string[];
    customerOrderIds: string[];
    otherOrderIds: string[];
    clientSecrets: string[];
    transactionIds: string[];
    uploadKeys: string[];
  };
  /** Every name each account has had: a review's commenter must be one of its author's. */
  names: Map<string, Set<string>>;
  /** Tops up live tools and fresh unpaid orders, since fuzzed calls cancel, ship and delete them. */
  refresh(): Promise<void>;
  /** Notes the current names of all accounts (after a call that may rename one). */
  recordNames(): Promise<void>;
}

export const PHONE = '01712345678';
export const CARD = '4242 4242 4242 4242';
/** Enough stock that fuzzed orders rarely empty a tool; `refresh` adds a tool when one runs low. */
const STOCK = 100_000;

/** The test configuration with this admin, and auth limits out of the way (the fuzzer is not a brute-forcer). */
export function fuzzConfig(adminEmail: string, overrides: Partial<Config> = {}): Config {
  const base = testConfig(overrides);
  return {
    ...base,
    auth: {
      ...base.auth,
      adminEmails: [adminEmail],
      rateLimit: { perIp: 1_000_000, perAccount: 1_000_000, windowSeconds: 600, slowDownMs: 0 },
    },
  };
}

export const fuzzAdminEmail = () => uniqueEmail('fuzzadmin');

/** Sends a setup call and insists on its status: a world half made would make every finding doubtful. */
async function call(app: FastifyInstance, options: InjectOptions, expected: number) {
  const res = await app.inject(options);
  if (res.statusCode !== expected) {
    throw new Error(`setup ${options.method} ${options.url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
  return res.json();
}

const as = (session: TestSession) => ({ cookie: session.cookie });

export async function createFuzzWorld(app: FastifyInstance, db: Db, adminEmail: string): Promise<FuzzWorld> {
  const actor = async (email: string, name: string): Promise<Actor> => {
    const session = await signUp(app, { email, name });
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, session.email));
    if (!row) throw new Error(`no account for ${email}`);
    return { ...session, id: row.id };
  };
  const admin = await actor(adminEmail, 'Fuzz Admin');
  const customer = await actor(uniqueEmail('fuzzcustomer'), 'Fuzz Customer');
  const other = await actor(uniqueEmail('fuzzother'), 'Fuzz Other');
  const bystander = await actor(uniqueEmail('fuzzbystander'), 'Fuzz Bystander');

  const addProduct = () =>
    call(
      app,
      {
        method: 'POST',
        url: '/api/tool',
        headers: as(admin),
        payload: {
          name: 'Fuzz torque wrench',
          price: 25.5,
          description: ['A sturdy wrench.'],
          available_quantity: STOCK,
          minimum_order_quantity: 1,
          image: '/images/tools/torque-wrench.svg',
        },
      },
      201,
    );
  const order = async (who: Actor, product: { id: string; minimum: number }): Promise<string> => {
    const payload = { orderId: product.id, orderQuantity: product.minimum, phone: PHONE };
    return (await call(app, { method: 'POST', url: '/api/order', headers: as(who), payload }, 201))._id;
  };
  const openIntent = async (orderId: string): Promise<string> =>
    (
      await call(
        app,
        { method: 'POST', url: '/api/create-payment-intent', headers: as(customer), payload: { orderId } },
        200,
      )
    ).clientSecret;

  const liveProducts = () =>
    db
      .select({ id: products.id, minimum: products.minimumOrderQuantity })
      .from(products)
      .where(and(isNull(products.retiredAt), gte(products.availableQuantity, 1000)))
      .orderBy(desc(products.createdAt))
      .limit(4);
  const recentOrders = (who: Actor) =>
    db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.userId, who.id))
      .orderBy(desc(orders.createdAt))
      .limit(4);

  const world: FuzzWorld = {
    app,
    db,
    admin,
    customer,
    other,
    bystander,
    pools: {
      productIds: [],
      customerOrderIds: [],
      otherOrderIds: [],
      clientSecrets: [],
      transactionIds: [],
      uploadKeys: [],
    },
    names: new Map(),
    async refresh() {
      let live = await liveProducts();
      while (live.length < 2) {
        await addProduct();
        live = await liveProducts();
      }
      const [tool] = live;
      if (!tool) throw new Error('no tool');
      await order(customer, tool);
      await order(other, tool);
      this.pools.productIds = live.map((t) => t.id);
      this.pools.customerOrderIds = (await recentOrders(customer)).map((o) => o.id);
      this.pools.otherOrderIds = (await recentOrders(other)).map((o) => o.id);
      // The newest payments of both customers: open ones (client secrets) and paid ones (transaction ids).
      const intents = await db
        .select({ id: paymentIntents.id, secret: paymentIntents.clientSecret })
        .from(paymentIntents)
        .innerJoin(orders, eq(orders.id, paymentIntents.orderId))
        .where(inArray(orders.userId, [customer.id, other.id]))
        .orderBy(desc(paymentIntents.createdAt))
        .limit(6);
      this.pools.clientSecrets = intents.map((i) => i.secret);
      this.pools.transactionIds = intents.map((i) => i.id);
    },
    async recordNames() {
      for (const row of await db.select({ id: user.id, name: user.name }).from(user)) {
        const seen = this.names.get(row.id) ?? new Set<string>();
        seen.add(row.name);
        this.names.set(row.id, seen);
      }
    },
  };

  await world.refresh();
  // A paid order and an open payment of the customer's, so payment calls have something real to act on.
  const [tool] = await liveProducts();
  if (!tool) throw new Error('no tool');
  const paidOrder = await order(customer, tool);
  const clientSecret = await openIntent(paidOrder);
  const confirmed = await call(
    app,
    {
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      headers: as(customer),
      payload: {
        clientSecret,
        cardNumber: CARD,
        expiry: '12/40',
        cvc: '123',
        name: customer.name,
        email: customer.email,
      },
    },
    200,
  );
  await call(
    app,
    {
      method: 'PATCH',
      url: `/api/order/${paidOrder}`,
      headers: as(customer),
      payload: { orderId: paidOrder, transactionId: confirmed.transactionId },
    },
    200,
  );
  await openIntent(await order(customer, tool));
  const form = imageForm(bigPng(16, 16), 'a.png', 'image/png');
  const upload = await call(
    app,
    {
      method: 'POST',
      url: '/api/uploads',
      headers: { ...as(admin), ...form.headers },
      payload: form.payload,
    },
    200,
  );
  world.pools.uploadKeys = [String(upload.data.url).replace('/uploads/', '')];
  await world.refresh();
  await world.recordNames();
  return world;
}
