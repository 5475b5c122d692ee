import { randomUUID } from 'node:crypto';
import { addProductOverHttp, call, signUpOverHttp } from '../../src/server/test/http-client';
import type { TestSession } from '../../src/server/test/sessions';
import { type BuyerClient, buyerClient } from './buyer-client';
import { percentile } from './load';

/**
 * The cart checkout: each buyer puts the same three products in the cart, checks out on the one
 * page (order and payment intent in one call), confirms the 4242 card and reports it paid, as the
 * checkout page does. All buyers buy the same three products, so every order queues on the same
 * three rows, locked in one order by every checkout.
 */

export interface CartCheckoutResult {
  /**
   * CPU milliseconds per purchase of the store's process and of this process (the buyers' HTTP
   * clients), while buying; the store's only when its CPU could be read.
   */
  cpuMsPerPurchase: { store: number | undefined; client: number };
  checkoutsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** The first failure's reason, to show beside the count. */
  firstFailure: string | undefined;
  oversold: string;
}

const ADDRESS = {
  fullName: 'Bench Buyer',
  line1: '1200 Woodward Ave',
  city: 'Detroit',
  region: 'MI',
  postalCode: '48226',
  country: 'US',
  phone: '+1 313 555 0142',
};

async function ok(answer: Promise<{ status: number; body: unknown }>, status: number, what: string) {
  const got = await answer;
  if (got.status !== status) throw new Error(`${what}: ${got.status} ${JSON.stringify(got.body)}`);
  return got.body as Record<string, unknown>;
}

async function checkoutOnce(client: BuyerClient, buyer: TestSession, productIds: string[], n: number) {
  let totalCents = 0;
  for (const productId of productIds) {
    const cart = await ok(client.call('PUT', `/api/cart/${productId}`, { quantity: 1 }), 200, 'cart');
    totalCents = (cart.totals as { totalCents: number }).totalCents;
  }
  const placed = await ok(
    client.call('POST', '/api/checkout', {
      idempotencyKey: `bench-${n}-${randomUUID()}`,
      address: ADDRESS,
      shippingMethod: 'standard',
      expectedTotalCents: totalCents,
    }),
    201,
    'checkout',
  );
  const order = placed.order as { _id: string };
  const payment = placed.payment as { clientSecret: string };
  const confirmed = await ok(
    client.call('POST', '/api/payments/simulated/confirm', {
      clientSecret: payment.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      name: buyer.name,
      email: buyer.email,
    }),
    200,
    'confirm',
  );
  await ok(
    client.call('PATCH', `/api/order/${order._id}`, { transactionId: confirmed.transactionId }),
    200,
    'mark paid',
  );
}

const stockOf = async (url: string, productId: string) =>
  ((await call(url, 'GET', `/api/purchase/${productId}`)).body as { available_quantity: number })
    .available_quantity;

export async function runCartCheckout(
  url: string,
  adminEmail: string,
  {
    buyers = 12,
    seconds = 8,
    storeCpu,
  }: {
    buyers?: number;
    seconds?: number /** The store's CPU so far, µs (Child.cpu). */;
    storeCpu?: () => Promise<number>;
  } = {},
): Promise<CartCheckoutResult> {
  const admin = await signUpOverHttp(url, { email: adminEmail, name: 'Cart Bench Admin' });
  const sessions: TestSession[] = [];
  for (let i = 0; i < buyers; i += 4) {
    const batch = Array.from({ length: Math.min(4, buyers - i) }, (_, j) =>
      signUpOverHttp(url, { name: `Cart Buyer ${i + j}` }),
    );
    sessions.push(...(await Promise.all(batch)));
  }
  const initial = 1_000_000;
  const productIds = await Promise.all(
    ['Bench pads', 'Bench rotor', 'Bench fluid'].map((name) =>
      addProductOverHttp(url, admin, { name, availableQuantity: initial }),
    ),
  );
  let done = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  const times: number[] = [];
  const cpuBefore = { store: await storeCpu?.(), client: process.cpuUsage() };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    sessions.map(async (buyer) => {
      let n = 0;
      const client = buyerClient(url, buyer.token);
      while (performance.now() < deadline) {
        const begun = performance.now();
        try {
          await checkoutOnce(client, buyer, productIds, n++);
          done += 1;
          times.push(performance.now() - begun);
        } catch (error) {
          failures += 1;
          firstFailure ??= (error as Error).message.slice(0, 200);
        }
      }
      await client.close();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const storeAfter = await storeCpu?.();
  const clientCpu = process.cpuUsage(cpuBefore.client);
  times.sort((a, b) => a - b);
  const left = await Promise.all(productIds.map((id) => stockOf(url, id)));
  const wrong = left.filter((stock) => stock !== initial - done);
  const perPurchase = (micros: number) => micros / 1000 / Math.max(1, done);
  const cpuMsPerPurchase = {
    store:
      storeAfter !== undefined && cpuBefore.store !== undefined
        ? perPurchase(storeAfter - cpuBefore.store)
        : undefined,
    client: perPurchase(clientCpu.user + clientCpu.system),
  };
  return {
    cpuMsPerPurchase,
    checkoutsPerSecond: times.length / elapsed,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    failures,
    firstFailure,
    oversold: wrong.length
      ? `OVERSOLD? stock ${left.join('/')} after ${done} checkouts`
      : 'none (stock adds up on all 3)',
  };
}
