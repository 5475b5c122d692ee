import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { RouteAccess } from '../../contract/roles';
import { contactMessages, mails, outboxMessages, products, user } from '../kernel/db/schema';
import { type FakeStripe, startFakeStripe } from './fake-stripe';
import { createTestApp, type TestApp, testConfig } from './harness';
import { bigPng, imageForm } from './images';
import { collectRoutes } from './registered-routes';
import { signUp, type TestSession, uniqueEmail } from './sessions';
import { as, HOME_ADDRESS, payOrder, placeOrder } from './store-flow';

/**
 * Everything the authorization matrix calls on: the store as it runs in production (a web build,
 * the simulated card processor) and a second one with Stripe set up (its webhook route exists only
 * then), with the routes each registered, the four accounts of the matrix, and fresh records made
 * through the API for calls that change or use them up.
 */

export interface Account extends TestSession {
  id: string;
}

export interface AccessWorld {
  app: FastifyInstance;
  stripeApp: FastifyInstance;
  /** Every route of both apps, as `METHOD url` (collected from Fastify itself). */
  routes: string[];
  /** What each route of both apps declares in its options (`app.routeAccess()`). */
  access: Map<string, RouteAccess>;
  /** The owner (ADMIN_EMAILS); the setup's own changes are made as this account. */
  admin: Account;
  owner: Account;
  manager: Account;
  staff: Account;
  customer: Account;
  other: Account;
  /** An account nobody acts as: the admin calls promote it. */
  bystander: Account;
  productId: string;
  uploadKey: string;
  webhookSecret: string;
  newTool(): Promise<string>;
  /** A vehicle in the customer's My Garage (added again if a call removed it). */
  garageVehicle(): Promise<string>;
  /** A new unpaid order of the customer's. */
  unpaidOrder(): Promise<string>;
  /** A new order of the customer's, paid and awaiting shipment. */
  paidOrder(): Promise<string>;
  /** A paid order shipped in full. */
  shippedOrder(): Promise<string>;
  /** A paid order with one refund of a dollar: its id and the refund's. */
  refundedOrder(): Promise<{ orderId: string; refundId: string }>;
  /** A return of one shipped unit, taken as far as `stage`. */
  returnAt(stage: 'requested' | 'approved' | 'received'): Promise<string>;
  /** A new order of the customer's with its payment opened. */
  openPayment(): Promise<{ orderId: string; clientSecret: string }>;
  /** A new order of the customer's whose card payment went through. */
  succeededPayment(): Promise<{ orderId: string; transactionId: string }>;
  /** Puts one of the tool in every account's cart; the total a checkout of it must expect. */
  fullCarts(): Promise<number>;
  /** An address in the customer's address book. */
  savedAddress(): Promise<string>;
  /** An outbox message the store gave up on, for the admin's retry. */
  deadMessage(): Promise<number>;
  /** A mail kept in the Mailbox. */
  keptMail(): Promise<number>;
  /** A fresh contact message in the admin Inbox. */
  contactMessage(): Promise<string>;
  close(): Promise<void>;
}

const INDEX_HTML =
  '<!doctype html><html><head><title>x</title><!-- store-config --></head><body></body></html>';
export const WEB_ASSET = '/assets/app-matrix.js';
export const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

export async function createAccessWorld(): Promise<AccessWorld> {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'store-matrix-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webRoot, WEB_ASSET), 'console.log("matrix");');
  const adminEmail = uniqueEmail('matrixadmin');
  // Sign-ups and sign-ins of the matrix come from one test address: the auth limiter is not under test here.
  const rateLimit = { perIp: 1_000_000, perAccount: 1_000_000, windowSeconds: 600, slowDownMs: 0 };
  const auth = { ...testConfig().auth, adminEmails: [adminEmail], rateLimit };
  const webhookSecret = 'whsec_matrix';
  let fake: FakeStripe | undefined;
  const apps: TestApp[] = [];
  const close = async () => {
    for (const t of apps) await t.close();
    await fake?.close();
    rmSync(webRoot, { recursive: true, force: true });
  };

  try {
    const main = await collectRoutes(() => createTestApp({ auth, webDistDir: webRoot }));
    apps.push(main.built);
    fake = await startFakeStripe();
    const stripeConfig = {
      secretKey: 'sk_test_x',
      publishableKey: 'pk_test_x',
      webhookSecret,
      apiUrl: fake.url,
    };
    const stripe = await collectRoutes(() => createTestApp({ auth, stripe: stripeConfig }));
    apps.push(stripe.built);
    const { app, database } = main.built;

    const account = async (email: string, name: string): Promise<Account> => {
      const session = await signUp(app, { email, name });
      const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, session.email));
      if (!row) throw new Error(`no account for ${email}`);
      return { ...session, id: row.id };
    };
    const admin = await account(adminEmail, 'Matrix Admin');
    const withRole = async (email: string, name: string, role: 'manager' | 'staff') => {
      const made = await account(email, name);
      await database.db.update(user).set({ role }).where(eq(user.id, made.id));
      return made;
    };
    const manager = await withRole(uniqueEmail('matrixmanager'), 'Matrix Manager', 'manager');
    const staff = await withRole(uniqueEmail('matrixstaff'), 'Matrix Staff', 'staff');
    const customer = await account(uniqueEmail('matrixcustomer'), 'Matrix Customer');
    const other = await account(uniqueEmail('matrixother'), 'Matrix Other');
    const bystander = await account(uniqueEmail('matrixbystander'), 'Matrix Bystander');

    const newProduct = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/tool',
        headers: as(admin),
        payload: NEW_TOOL,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().insertedId as string;
    };
    const productId = await newProduct();
    // A core charge on the matrix's product, so core returns of its orders are allowed.
    await database.db.update(products).set({ coreChargeCents: 2500 }).where(eq(products.id, productId));
    const form = imageForm(bigPng(16, 16), 'a.png', 'image/png');
    const upload = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...as(admin), ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);

    const unpaidOrder = async () => (await placeOrder(app, customer, productId, 1))._id;
    const shippedOrder = async () => {
      const orderId = (await payOrder(app, customer, await unpaidOrder()))._id;
      const res = await app.inject({ method: 'PUT', url: `/api/manage/${orderId}`, headers: as(admin) });
      expect(res.statusCode, res.body).toBe(200);
      return orderId;
    };
    const openPayment = async () => {
      const orderId = await unpaidOrder();
      const res = await app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: as(customer),
        payload: { orderId },
      });
      expect(res.statusCode, res.body).toBe(200);
      return { orderId, clientSecret: res.json().clientSecret as string };
    };
    return {
      app,
      stripeApp: stripe.built.app,
      routes: [...new Set([...main.routes, ...stripe.routes])].sort(),
      access: new Map([...app.routeAccess(), ...stripe.built.app.routeAccess()]),
      admin,
      owner: admin,
      manager,
      staff,
      customer,
      other,
      bystander,
      productId,
      uploadKey: String(upload.json().data.url).replace('/uploads/', ''),
      webhookSecret,
      newTool: newProduct,
      async garageVehicle() {
        const res = await app.inject({
          method: 'POST',
          url: '/api/garage',
          headers: as(customer),
          payload: { year: 2014, make: 'Honda', model: 'Civic' },
        });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as Array<{ id: string }>)[0]?.id ?? '';
      },
      unpaidOrder,
      paidOrder: async () => (await payOrder(app, customer, await unpaidOrder()))._id,
      shippedOrder,
      async refundedOrder() {
        const orderId = (await payOrder(app, customer, await unpaidOrder()))._id;
        const res = await app.inject({
          method: 'POST',
          url: `/api/manage/${orderId}/refunds`,
          headers: { ...as(admin), 'idempotency-key': `world-${orderId}` },
          payload: { amountCents: 100, restock: false, reason: 'Matrix' },
        });
        expect(res.statusCode, res.body).toBe(200);
        return { orderId, refundId: res.json().refunds[0].id as string };
      },
      async returnAt(stage) {
        const orderId = await shippedOrder();
        const asked = await app.inject({
          method: 'POST',
          url: `/api/order/${orderId}/returns`,
          headers: as(customer),
          payload: { lines: [{ productId, quantity: 1, reason: 'no_longer_needed' }] },
        });
        expect(asked.statusCode, asked.body).toBe(201);
        const id = asked.json().id as string;
        const step = async (url: string, payload: object) => {
          const res = await app.inject({ method: 'POST', url, headers: as(admin), payload });
          expect(res.statusCode, res.body).toBe(200);
        };
        if (stage !== 'requested') await step(`/api/manage/returns/${id}/decision`, { approve: true });
        if (stage === 'received')
          await step(`/api/manage/returns/${id}/received`, { lines: [{ productId, outcome: 'restock' }] });
        return id;
      },
      openPayment,
      async succeededPayment() {
        const { orderId, clientSecret } = await openPayment();
        const res = await app.inject({
          method: 'POST',
          url: '/api/payments/simulated/confirm',
          headers: as(customer),
          payload: { clientSecret, ...CARD, name: customer.name, email: customer.email },
        });
        expect(res.statusCode, res.body).toBe(200);
        return { orderId, transactionId: res.json().transactionId as string };
      },
      async fullCarts() {
        let total = 0;
        for (const who of [customer, other, admin, manager, staff]) {
          const res = await app.inject({
            method: 'PUT',
            url: `/api/cart/${productId}`,
            headers: as(who),
            payload: { quantity: NEW_TOOL.minimum_order_quantity },
          });
          expect(res.statusCode, res.body).toBe(200);
          total = res.json().totals.totalCents;
        }
        return total;
      },
      async savedAddress() {
        const res = await app.inject({
          method: 'POST',
          url: '/api/addresses',
          headers: as(customer),
          payload: HOME_ADDRESS,
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().id as string;
      },
      async deadMessage() {
        const [row] = await app.db
          .insert(outboxMessages)
          .values({
            subscriber: 'order-webhook',
            topic: 'order.status_changed',
            key: `matrix-dead-${randomUUID()}`,
            payload: {},
            status: 'dead',
            attempts: 8,
          })
          .returning({ id: outboxMessages.id });
        return row?.id ?? 0;
      },
      async keptMail() {
        const [row] = await app.db
          .insert(mails)
          .values({
            key: `matrix-mail-${randomUUID()}`,
            toAddress: 'someone@example.com',
            subject: 'Matrix mail',
            html: '<p>Matrix</p>',
            text: 'Matrix',
            status: 'kept',
          })
          .returning({ id: mails.id });
        return row?.id ?? 0;
      },
      async contactMessage() {
        const [row] = await app.db
          .insert(contactMessages)
          .values({ email: 'visitor@example.com', name: 'Matrix Visitor', message: 'Matrix message' })
          .returning({ id: contactMessages.id });
        return row?.id ?? '';
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

export const NEW_TOOL = {
  name: 'Matrix socket set',
  price: 42.5,
  description: ['Forty pieces.', 'Chrome vanadium.'],
  available_quantity: 10_000,
  minimum_order_quantity: 1,
  image: '/images/tools/torque-wrench.svg',
};
