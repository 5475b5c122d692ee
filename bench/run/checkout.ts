import { addProductOverHttp, call, signInOverHttp, signUpOverHttp } from '../../src/server/test/http-client';
import type { TestSession } from '../../src/server/test/sessions';
import { type BuyerClient, buyerClient } from './buyer-client';
import { percentile } from './load';

/** The settings a store needs for this: buyers from one address, far more orders than the limits allow. */
export const checkoutEnv = (adminEmail: string) => ({
  ADMIN_EMAILS: adminEmail,
  AUTH_RATE_LIMIT_PER_IP: '1000000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '1000000',
  RATE_LIMIT_ORDERS_PER_MINUTE: '1000000',
  RATE_LIMIT_CART_WRITES_PER_MINUTE: '1000000',
  // The sell-out burst sends ten orders per buyer at once: the caps on unpaid orders would refuse
  // most before they reach the stock, and the burst is about the stock.
  MAX_UNPAID_ORDERS: '1000',
});

export interface CheckoutResult {
  /**
   * CPU milliseconds per purchase of the store's process and of this process (the buyers' HTTP
   * clients), while buying; the store's only when its CPU could be read.
   */
  cpuMsPerPurchase: { store: number | undefined; client: number };
  /** Statements the store sent PostgreSQL per purchase while buying, where it counts them. */
  statementsPerPurchase: number | undefined;
  /** How many products the purchases were spread over. */
  products: number;
  ordersPerSecond: number;
  /** Milliseconds from placing an order to its PATCH answering paid. */
  p50: number;
  p99: number;
  failures: number;
  /** What the sell-out burst and the stock count showed; "none" is the only good answer. */
  oversold: string;
}

const PHONE = '01712345678';

async function expectStatus(
  answer: Promise<{ status: number; body: unknown }>,
  status: number,
  what: string,
) {
  const got = await answer;
  if (got.status !== status) throw new Error(`${what}: ${got.status} ${JSON.stringify(got.body)}`);
  return got.body as Record<string, unknown>;
}

/** One purchase the way the web app makes it with the simulated processor (src/server/test/store-flow.ts). */
async function buyOnce(
  client: BuyerClient,
  buyer: TestSession,
  productId: string,
): Promise<'placed' | 'paid'> {
  const order = await client.call('POST', '/api/order', {
    orderId: productId,
    orderQuantity: 1,
    phone: PHONE,
  });
  if (order.status !== 201) throw new Error(`order: ${order.status}`);
  const orderId = (order.body as { _id: string })._id;
  try {
    const intent = await expectStatus(
      client.call('POST', '/api/create-payment-intent', { orderId }),
      200,
      'intent',
    );
    const confirmed = await expectStatus(
      client.call('POST', '/api/payments/simulated/confirm', {
        clientSecret: intent.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/40',
        cvc: '123',
        name: buyer.name,
        email: buyer.email,
      }),
      200,
      'confirm',
    );
    const paid = await expectStatus(
      client.call('PATCH', `/api/order/${orderId}`, { orderId, transactionId: confirmed.transactionId }),
      200,
      'mark paid',
    );
    return paid.status === 'pending' ? 'paid' : 'placed';
  } catch {
    return 'placed';
  }
}

const stockOf = async (url: string, productId: string) =>
  ((await call(url, 'GET', `/api/purchase/${productId}`)).body as { available_quantity: number })
    .available_quantity;

/**
 * `buyers` customers each buying one unit after another for `seconds`: all of the same tool with
 * `products` 1 (a sale: every order queues on the tool's row), or spread over `products` tools as
 * a store's purchases are, each buyer's next order for the next tool along. Then the stock must
 * equal what it was less every order placed, and a burst of orders for the last 40 units of
 * another tool must sell exactly 40.
 */
export async function runCheckout(
  url: string,
  adminEmail: string,
  {
    buyers = 12,
    seconds = 8,
    products = 1,
    storeCpu,
    storeStatements,
  }: {
    buyers?: number;
    seconds?: number;
    /** Tools the purchases are spread over (1: a sale of one tool). */
    products?: number;
    /** The store's CPU so far, µs (Child.cpu). */
    storeCpu?: () => Promise<number>;
    /** The statements the store (or stores) sent so far (Child.statements). */
    storeStatements?: () => Promise<number | undefined>;
  } = {},
): Promise<CheckoutResult> {
  // A second run on the same store (another spread of products) signs the admin in again.
  const admin = await signUpOverHttp(url, { email: adminEmail, name: 'Bench Admin' }).catch(() =>
    signInOverHttp(url, adminEmail),
  );
  const sessions: TestSession[] = [];
  // Each sign-up hashes a password: a few at a time.
  for (let i = 0; i < buyers; i += 4) {
    const batch = Array.from({ length: Math.min(4, buyers - i) }, (_, j) =>
      signUpOverHttp(url, { name: `Bench Buyer ${i + j}` }),
    );
    sessions.push(...(await Promise.all(batch)));
  }
  const initial = 1_000_000;
  const productIds: string[] = [];
  // Added a few at a time: 256 products are 256 admin requests.
  for (let i = 0; i < Math.max(1, products); i += 8) {
    const batch = Array.from({ length: Math.min(8, products - i) || 1 }, (_, j) =>
      addProductOverHttp(url, admin, {
        name: products > 1 ? `Bench spread wrench ${i + j + 1}` : 'Bench sale wrench',
        availableQuantity: initial,
      }),
    );
    productIds.push(...(await Promise.all(batch)));
  }

  let placed = 0;
  let failures = 0;
  const orderTimes: number[] = [];
  const cpuBefore = { store: await storeCpu?.(), client: process.cpuUsage() };
  const statementsBefore = await storeStatements?.();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    sessions.map(async (buyer, index) => {
      const client = buyerClient(url, buyer.token);
      // Buyers start at different tools and each moves one tool along per order.
      let next = (index * Math.ceil(productIds.length / sessions.length)) % productIds.length;
      while (performance.now() < deadline) {
        const begun = performance.now();
        const productId = productIds[next] as string;
        next = (next + 1) % productIds.length;
        try {
          const outcome = await buyOnce(client, buyer, productId);
          placed += 1;
          if (outcome === 'paid') orderTimes.push(performance.now() - begun);
          else failures += 1;
        } catch {
          failures += 1;
        }
      }
      await client.close();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const storeAfter = await storeCpu?.();
  const statementsAfter = await storeStatements?.();
  const clientCpu = process.cpuUsage(cpuBefore.client);
  orderTimes.sort((a, b) => a - b);
  const problems: string[] = [];
  let stock = 0;
  for (const productId of productIds) stock += await stockOf(url, productId);
  const stocked = initial * productIds.length;
  if (stock !== stocked - placed) problems.push(`stock ${stock} after ${placed} orders of ${stocked}`);

  // The sell-out burst: ten orders per buyer at once for 40 units.
  const lastUnits = await addProductOverHttp(url, admin, { name: 'Bench last forty', availableQuantity: 40 });
  const burst = await Promise.all(
    sessions.flatMap((buyer) =>
      Array.from({ length: 10 }, () =>
        call(url, 'POST', '/api/order', {
          session: buyer,
          via: 'bearer',
          json: { orderId: lastUnits, orderQuantity: 1, phone: PHONE },
        }),
      ),
    ),
  );
  const sold = burst.filter((answer) => answer.status === 201).length;
  const refused = burst.filter(
    (answer) =>
      answer.status === 409 && (answer.body as { error?: { code?: string } }).error?.code === 'OUT_OF_STOCK',
  ).length;
  const left = await stockOf(url, lastUnits);
  if (sold !== 40 || left !== 0 || sold + refused !== burst.length) {
    problems.push(`burst sold ${sold} of 40, refused ${refused} of ${burst.length - 40}, ${left} left`);
  }
  const perPurchase = (micros: number) => micros / 1000 / Math.max(1, placed);
  const cpuMsPerPurchase = {
    store:
      storeAfter !== undefined && cpuBefore.store !== undefined
        ? perPurchase(storeAfter - cpuBefore.store)
        : undefined,
    client: perPurchase(clientCpu.user + clientCpu.system),
  };
  return {
    cpuMsPerPurchase,
    statementsPerPurchase:
      statementsAfter !== undefined && statementsBefore !== undefined
        ? (statementsAfter - statementsBefore) / Math.max(1, placed)
        : undefined,
    products: productIds.length,
    ordersPerSecond: orderTimes.length / elapsed,
    p50: percentile(orderTimes, 50),
    p99: percentile(orderTimes, 99),
    failures,
    oversold: problems.length
      ? `OVERSOLD? ${problems.join('; ')}`
      : `none (${sold}/40 sold in a burst of ${burst.length}; stock adds up)`,
  };
}
