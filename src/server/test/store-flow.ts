import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Order } from '../../contract/orders';
import type { Config } from '../config/config';
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
  toolId: string,
  orderQuantity: number,
): Promise<Order> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/order',
    headers: as(customer),
    payload: { orderId: toolId, orderQuantity, phone: PHONE },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Order;
}

/**
 * Pays an order the way the web app does with the simulated processor: open the intent, confirm
 * the 4242 card, report the transaction. The order is then `pending` (paid, awaiting shipment).
 */
export async function payOrder(app: FastifyInstance, customer: TestSession, orderId: string): Promise<Order> {
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
  return order;
}
