import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from './kernel/db/database';
import { orders, processedWebhookEvents, products } from './kernel/db/schema';
import { expireUnpaidOrders } from './modules/orders/expiry';
import { type FakeStripe, startFakeStripe } from './test/fake-stripe';
import { testOutbox } from './test/harness';
import { addProductOverHttp, call, signInOverHttp, signUpOverHttp } from './test/http-client';
import { testImage } from './test/images';
import { postgresOnly } from './test/postgres-only';
import { createScratchDatabase, type ScratchDatabase } from './test/scratch-postgres';
import { type ServerProcess, startServerProcess } from './test/server-process';
import { type TestSession, uniqueEmail } from './test/sessions';

/**
 * Two real store processes on different ports sharing one PostgreSQL database and one upload
 * folder, as behind a load balancer: whatever one instance did, the other must see and respect.
 * PGlite is one process only, so this needs a PostgreSQL server (CI's second server run).
 */
const serverUrl = process.env.TEST_DATABASE_URL;

// Real processes on a loaded 2-core CI machine are slow, not wrong: generous bounds, no sleeps.
postgresOnly('two instances on one PostgreSQL (needs TEST_DATABASE_URL)', { timeout: 300_000 }, () => {
  let scratch: ScratchDatabase | undefined;
  let fake: FakeStripe | undefined;
  let database: Database | undefined;
  const dirs: string[] = [];
  const instances: ServerProcess[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let admin: TestSession;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl as string, 'store_two');
    fake = await startFakeStripe();
    const uploadsDir = mkdtempSync(path.join(tmpdir(), 'store-two-uploads-'));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'store-two-data-'));
    dirs.push(uploadsDir, dataDir);
    const env = {
      DATABASE_URL: scratch.url,
      UPLOADS_DIR: uploadsDir,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      WEB_DIST_DIR: '/nonexistent-web-build',
      ADMIN_EMAILS: adminEmail,
      // Every buyer comes from 127.0.0.1: the abuse limits are not what this test is about.
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
      RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
      RATE_LIMIT_CART_WRITES_PER_MINUTE: '100000',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
      STRIPE_API_URL: fake.url,
    };
    // Both start at once on the empty database: one migrates while the other waits its turn.
    const started = await Promise.allSettled([startServerProcess({ env }), startServerProcess({ env })]);
    for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    [a, b] = instances as [ServerProcess, ServerProcess];
    expect(a.port).not.toBe(b.port);
    database = openPostgres(scratch.url, 4);
    admin = await signUpOverHttp(a.url, { email: adminEmail, name: 'Store Admin' });
  }, 600_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.close();
    await fake?.close();
    await scratch?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const db = () => (database as Database).db;

  describe('accounts', () => {
    const sessionOn = async (url: string, session: TestSession, via: 'cookie' | 'bearer') => {
      const answer = await call(url, 'GET', '/api/auth/get-session', { session, via });
      expect(answer.status).toBe(200);
      return (answer.body as { user?: { email: string } } | null)?.user?.email;
    };
    const ownOrders = (url: string, session: TestSession, via: 'cookie' | 'bearer') =>
      call(url, 'GET', `/api/order?userEmail=${encodeURIComponent(session.email)}`, { session, via });

    it('a session opened on one instance works on the other, by cookie and by bearer token', async () => {
      const signedUp = await signUpOverHttp(a.url, { name: 'Ann Both' });
      for (const via of ['cookie', 'bearer'] as const) {
        expect(await sessionOn(b.url, signedUp, via)).toBe(signedUp.email);
        expect((await ownOrders(b.url, signedUp, via)).status).toBe(200);
      }
      const signedIn = await signInOverHttp(b.url, signedUp.email);
      for (const via of ['cookie', 'bearer'] as const) {
        expect(await sessionOn(a.url, signedIn, via)).toBe(signedUp.email);
        expect((await ownOrders(a.url, signedIn, via)).status).toBe(200);
      }
      // Without the session nobody is signed in: the answers above came from the session itself.
      expect((await call(b.url, 'GET', `/api/order?userEmail=${signedUp.email}`)).status).toBe(401);
    });

    it('signing out on one instance ends the session on the other', async () => {
      const session = await signUpOverHttp(b.url, { name: 'Sam Signout' });
      expect((await ownOrders(a.url, session, 'cookie')).status).toBe(200);
      const out = await call(b.url, 'POST', '/api/auth/sign-out', { session, json: {} });
      expect(out.status, JSON.stringify(out.body)).toBe(200);
      expect((await ownOrders(a.url, session, 'cookie')).status).toBe(401);
      expect((await ownOrders(a.url, session, 'bearer')).status).toBe(401);
    });

    /** Both credentials refused by this instance, once the change has been announced to it (at most 10 s). */
    const refusedOn = async (url: string, device: TestSession) => {
      for (let i = 0; i < 100; i += 1) {
        const answers = await Promise.all([
          ownOrders(url, device, 'cookie'),
          ownOrders(url, device, 'bearer'),
        ]);
        if (answers.every((answer) => answer.status === 401)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`${device.email} is still signed in on ${url}`);
    };

    it('devices signed out from the profile on one instance are refused by the other as soon as it hears of it', async () => {
      const laptop = await signUpOverHttp(a.url, { name: 'Lea Laptop' });
      const phone = await signInOverHttp(b.url, laptop.email);
      const tablet = await signInOverHttp(b.url, laptop.email);
      // Both remembered by instance A's session cache.
      for (const device of [phone, tablet]) {
        expect((await ownOrders(a.url, device, 'cookie')).status).toBe(200);
        expect((await ownOrders(a.url, device, 'bearer')).status).toBe(200);
      }
      // The phone's own session, as the phone's profile marks it.
      const ids = await call(b.url, 'GET', '/api/account/sessions', { session: phone });
      const phoneSession = (ids.body as { sessions: { id: string; current: boolean }[] }).sessions.find(
        (s) => s.current,
      );
      expect(phoneSession).toBeDefined();
      const one = await call(b.url, 'DELETE', `/api/account/sessions/${phoneSession?.id}`, {
        session: laptop,
      });
      expect(one.status, JSON.stringify(one.body)).toBe(200);
      // Instance A forgets what it remembered when PostgreSQL's announcement of the change reaches
      // it, a moment after B's answer (decision 011): asked until then, it may still answer 200.
      await refusedOn(a.url, phone);
      expect((await ownOrders(a.url, tablet, 'bearer')).status).toBe(200);

      const rest = await call(b.url, 'POST', '/api/account/sessions/revoke-others', { session: laptop });
      expect(rest.status, JSON.stringify(rest.body)).toBe(200);
      await refusedOn(a.url, tablet);
      expect((await ownOrders(a.url, laptop, 'cookie')).status).toBe(200);
    });
  });

  it('200 concurrent buyers split across both instances buy exactly the 50 units in stock', async () => {
    const productId = await addProductOverHttp(b.url, admin, {
      name: 'Last fifty wrench',
      availableQuantity: 50,
    });
    // Sign-ups hash a password each: a few at a time, so the 2-core machine stays responsive.
    const buyers: TestSession[] = [];
    for (let i = 0; i < 200; i += 10) {
      const batch = Array.from({ length: 10 }, (_, j) =>
        signUpOverHttp((i + j) % 2 === 0 ? a.url : b.url, { name: `Buyer ${i + j}` }),
      );
      buyers.push(...(await Promise.all(batch)));
    }

    const answers = await Promise.all(
      buyers.map((session, i) =>
        call(i % 2 === 0 ? a.url : b.url, 'POST', '/api/order', {
          session,
          json: { orderId: productId, orderQuantity: 1, phone: '01712345678' },
        }),
      ),
    );
    const placed = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(placed).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const answer of refused) {
      expect((answer.body as { error: { code: string } }).error.code).toBe('OUT_OF_STOCK');
    }

    // Both instances say sold out, and the database agrees with what the buyers were told.
    for (const url of [a.url, b.url]) {
      const product = await call(url, 'GET', `/api/purchase/${productId}`);
      expect((product.body as { available_quantity: number }).available_quantity).toBe(0);
    }
    const [stock] = await db().select().from(products).where(eq(products.id, productId));
    expect(stock?.availableQuantity).toBe(0);
    const rows = await db()
      .select()
      .from(orders)
      .where(sql`${orders.id} in (select order_id from order_lines where product_id = ${productId})`);
    expect(rows.map((row) => row.id).sort()).toEqual(
      placed.map((answer) => (answer.body as { _id: string })._id).sort(),
    );
    expect(rows.every((row) => row.status === 'unpaid' && row.quantity === 1)).toBe(true);
    expect(new Set(rows.map((row) => row.userId)).size).toBe(50);
  }, 600_000);

  it('carts of three lines checked out at once on both instances sell each unit once, without a deadlock', async () => {
    const [pads, rotor, fluid] = await Promise.all([
      addProductOverHttp(a.url, admin, { name: 'Cart pads', availableQuantity: 100 }),
      addProductOverHttp(a.url, admin, { name: 'Cart rotor', availableQuantity: 30 }),
      addProductOverHttp(b.url, admin, { name: 'Cart fluid', availableQuantity: 100 }),
    ]);
    const buyers: TestSession[] = [];
    for (let i = 0; i < 16; i += 8) {
      buyers.push(
        ...(await Promise.all(
          Array.from({ length: 8 }, (_, j) =>
            signUpOverHttp(j % 2 ? a.url : b.url, { name: `Cart ${i + j}` }),
          ),
        )),
      );
    }
    // Each cart: 3 rotors and the others; half the carts list the products the other way round.
    const lines = [
      { productId: pads, quantity: 20 },
      { productId: rotor, quantity: 3 },
      { productId: fluid, quantity: 20 },
    ];
    await Promise.all(
      buyers.map(async (session, i) => {
        for (const line of i % 2 ? lines : [...lines].reverse()) {
          const put = await call(i % 2 ? a.url : b.url, 'PUT', `/api/cart/${line.productId}`, {
            session,
            json: { quantity: line.quantity },
          });
          expect(put.status, JSON.stringify(put.body)).toBe(200);
        }
      }),
    );
    const address = {
      fullName: 'Rush Buyer',
      line1: '1 Main St',
      city: 'Detroit',
      region: 'MI',
      postalCode: '48226',
      country: 'US',
      phone: '+1 313 555 0142',
    };
    const answers = await Promise.all(
      buyers.map(async (session, i) => {
        const url = i % 2 ? b.url : a.url;
        const cart = await call(url, 'GET', '/api/cart?region=MI', { session });
        const total = (cart.body as { totals: { totalCents: number } }).totals.totalCents;
        return call(url, 'POST', '/api/checkout', {
          session,
          json: {
            idempotencyKey: `rush-${i}-key`,
            address,
            shippingMethod: 'standard',
            expectedTotalCents: total,
          },
        });
      }),
    );
    const placed = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 409);
    // Pads and fluid run out after 5 carts (100 / 20); the rotors would last 10.
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(11);
    for (const answer of refused) {
      expect((answer.body as { error: { code: string } }).error.code).toBe('OUT_OF_STOCK');
    }
    const left = await db()
      .select()
      .from(products)
      .where(inArray(products.id, [pads, rotor, fluid]));
    const byId = new Map(left.map((row) => [row.id, row.availableQuantity]));
    expect([byId.get(pads), byId.get(rotor), byId.get(fluid)]).toEqual([0, 15, 0]);
  }, 600_000);

  it('an image uploaded through one instance is served by the other', async () => {
    const form = new FormData();
    const png = new Uint8Array(await testImage('png', { width: 640, height: 480 }));
    form.append('image', new Blob([png], { type: 'image/png' }), 'wrench.png');
    const uploaded = await fetch(`${a.url}/api/uploads`, {
      method: 'POST',
      headers: { origin: a.url, authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { url } = ((await uploaded.json()) as { data: { url: string } }).data;

    const served = await fetch(b.url + url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
    expect(bytes.equals(Buffer.from(await (await fetch(a.url + url)).arrayBuffer()))).toBe(true);
    expect(bytes.equals(readFileSync(path.join(dirs[0] as string, path.basename(url))))).toBe(true);
  });

  describe('Stripe webhooks', () => {
    /** Only for its webhook signing helper: it never talks to the network. */
    const signer = new Stripe('sk_test_x');
    const deliver = async (url: string, event: unknown) => {
      const payload = JSON.stringify(event);
      const res = await fetch(`${url}/api/payments/stripe/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' }),
        },
        body: payload,
      });
      return { status: res.status, body: await res.json() };
    };

    /** A customer's order of 4, placed and opened for payment on instance A; paid at the fake. */
    const paidAtStripe = async () => {
      const customer = await signUpOverHttp(a.url, { name: 'Pat Payer' });
      const productId = await addProductOverHttp(a.url, admin, {
        name: 'Webhook wrench',
        availableQuantity: 40,
      });
      const order = await call(a.url, 'POST', '/api/order', {
        session: customer,
        json: { orderId: productId, orderQuantity: 4, phone: '01712345678' },
      });
      expect(order.status).toBe(201);
      const orderId = (order.body as { _id: string })._id;
      const intent = await call(a.url, 'POST', '/api/create-payment-intent', {
        session: customer,
        json: { orderId },
      });
      expect(intent.status).toBe(200);
      const { clientSecret } = intent.body as { clientSecret: string };
      const intentId = [...(fake as FakeStripe).intents.values()].find(
        (i) => i.client_secret === clientSecret,
      )?.id as string;
      (fake as FakeStripe).succeed(intentId);
      return { customer, productId, orderId, intentId };
    };

    const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
    const stockOf = async (id: string) =>
      (await db().select().from(products).where(eq(products.id, id)))[0]?.availableQuantity;
    const timesRecorded = async (eventId: string) =>
      (await db().select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, eventId))).length;

    it('delivered to the instance that did not create the intent, it marks the order paid once', async () => {
      const { customer, productId, orderId, intentId } = await paidAtStripe();
      const event = (fake as FakeStripe).event('payment_intent.succeeded', intentId);

      expect(await deliver(b.url, event)).toEqual({ status: 200, body: { received: true } });
      const seen = await call(a.url, 'GET', `/api/order/${orderId}`, { session: customer });
      expect(seen.body).toMatchObject({ status: 'pending', paid: true, transactionId: intentId });
      const paid = await orderRow(orderId);
      expect(paid?.paidAt).toBeInstanceOf(Date);
      expect(await stockOf(productId)).toBe(36);

      // Stripe delivers at least once, and a load balancer may send each copy anywhere.
      const again = await Promise.all([deliver(a.url, event), deliver(b.url, event), deliver(a.url, event)]);
      expect(again.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(await orderRow(orderId)).toEqual(paid);
      expect(await stockOf(productId)).toBe(36);
      expect(await timesRecorded(event.id)).toBe(1);
    });

    it('delivered to both instances at once for an order released meanwhile, takes its stock back once', async () => {
      const { productId, orderId, intentId } = await paidAtStripe();
      // The hold passes before Stripe reports: the order is released and its 4 units return.
      await db()
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid')));
      expect(await expireUnpaidOrders(db(), testOutbox(db()))).toBe(1);
      expect(await stockOf(productId)).toBe(40);

      // Were the event handled twice, the revived order would take its 4 units twice.
      const event = (fake as FakeStripe).event('payment_intent.succeeded', intentId);
      const answers = await Promise.all([
        deliver(b.url, event),
        deliver(a.url, event),
        deliver(b.url, event),
        deliver(a.url, event),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(await orderRow(orderId)).toMatchObject({ status: 'awaiting_shipment', transactionId: intentId });
      expect(await stockOf(productId)).toBe(36);
      expect(await timesRecorded(event.id)).toBe(1);
      for (const instance of [a, b]) expect(instance.output()).not.toContain('refund it');
    });
  });

  it('both instances stop cleanly on SIGTERM', async () => {
    expect(await Promise.all([a.stop(), b.stop()])).toEqual([0, 0]);
  });
});
