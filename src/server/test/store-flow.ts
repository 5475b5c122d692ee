import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Address } from '../../contract/addresses';
import type { Order } from '../../contract/orders';
import type { Quote, ShippingMethod } from '../../contract/pricing';
import type { Config } from '../kernel/config/config';
import { createTestApp, type TestApp, testConfig } from './harness';
import { signUp, type TestSession, uniqueEmail } from './sessions';

export const PHONE = '01712345678';

/** Headers that carry a session as a browser would (no Origin: same-site by default). */
export const as = (session?: TestSession): Record<string, string> =>
  session ? { cookie: session.cookie } : {};

/** A fresh app (with these settings) and an admin account signed in on it. */
export async function createAdminApp(
  overrides: Partial<Config> = {},
): Promise<{ t: TestApp; admin: TestSession }> {
  const email = uniqueEmail('admin');
  const t = await createTestApp({ ...overrides, auth: { ...testConfig().auth, adminEmails: [email] } });
  const admin = await signUp(t.app, { email, name: 'Store Admin' });
  return { t, admin };
}

/** POST /api/order as this customer; fails the test unless the order is placed. */
export async function placeOrder(
  app: FastifyInstance,
  customer: TestSession,
  productId: string,
  orderQuantity: number,
): Promise<Order> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/order',
    headers: as(customer),
    payload: { orderId: productId, orderQuantity, phone: PHONE },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Order;
}

/**
 * Pays an order the way the web app does with the simulated processor: open the intent, confirm
 * the 4242 card, report the transaction. The order is then `pending` (paid, awaiting shipment).
 */
export async function payOrder(
  app: FastifyInstance,
  customer: TestSession,
  orderId: string,
  options: { giveAddress?: boolean } = {},
): Promise<Order> {
  const intent = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: as(customer),
    payload: { orderId },
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    headers: as(customer),
    payload: {
      clientSecret: intent.json().clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      name: customer.name,
      email: customer.email,
    },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const paid = await app.inject({
    method: 'PATCH',
    url: `/api/order/${orderId}`,
    headers: as(customer),
    payload: { orderId, transactionId: confirm.json().transactionId },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const order = paid.json() as Order;
  expect(order.status).toBe('pending');
  if (!order.awaitingAddress || options.giveAddress === false) return order;
  // Paid without an address (the spec's order modal): give it one, as the customer is asked to,
  // so the order can be shipped.
  const addressed = await app.inject({
    method: 'PUT',
    url: `/api/order/${orderId}/address`,
    headers: as(customer),
    payload: { address: HOME_ADDRESS },
  });
  expect(addressed.statusCode, addressed.body).toBe(200);
  return addressed.json() as Order;
}

/** An address every check accepts. */
export const HOME_ADDRESS: Address = {
  fullName: 'Dana Driver',
  line1: '1200 Woodward Ave',
  line2: 'Suite 4',
  city: 'Detroit',
  region: 'MI',
  postalCode: '48226',
  country: 'US',
  phone: '+1 313 555 0142',
};

/** Puts these lines in the customer's server cart; fails the test unless each is taken. */
export async function fillCart(
  app: FastifyInstance,
  customer: TestSession,
  lines: { productId: string; quantity: number }[],
): Promise<Quote> {
  let cart: Quote | undefined;
  for (const line of lines) {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/cart/${line.productId}`,
      headers: as(customer),
      payload: { quantity: line.quantity },
    });
    expect(res.statusCode, res.body).toBe(200);
    cart = res.json() as Quote;
  }
  if (!cart) throw new Error('no lines');
  return cart;
}

/** The cart as priced for this method and address, then POST /api/checkout with its total. */
export async function checkoutCart(
  app: FastifyInstance,
  customer: TestSession,
  options: {
    shippingMethod?: ShippingMethod;
    address?: Address;
    key?: string;
    saveAddress?: boolean;
    useStoreCredit?: boolean;
    payOnAccount?: boolean;
    discountCode?: string;
  } = {},
) {
  const shippingMethod = options.shippingMethod ?? 'standard';
  const address = options.address ?? HOME_ADDRESS;
  const cart = await app.inject({
    method: 'GET',
    url: `/api/cart?shippingMethod=${shippingMethod}&region=${encodeURIComponent(address.region)}&country=${address.country}${options.discountCode ? `&code=${options.discountCode}` : ''}`,
    headers: as(customer),
  });
  expect(cart.statusCode, cart.body).toBe(200);
  return app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: as(customer),
    payload: {
      idempotencyKey: options.key ?? randomUUID(),
      address,
      saveAddress: options.saveAddress ?? false,
      shippingMethod,
      expectedTotalCents: (cart.json() as Quote).totals.totalCents,
      ...(options.useStoreCredit ? { useStoreCredit: true } : {}),
      ...(options.payOnAccount ? { payOnAccount: true } : {}),
      ...(options.discountCode ? { discountCode: options.discountCode } : {}),
    },
  });
}
