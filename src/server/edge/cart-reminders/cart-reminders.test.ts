import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_LINK_INVALID } from '../../../contract/cart-reminders';
import { buildApp } from '../../app';
import type { Config } from '../../kernel/config/config';
import { type Database, openPostgres } from '../../kernel/db/database';
import { cartActivity, mails, settingsSections, user } from '../../kernel/db/schema';
import { fakeClock } from '../../test/fake-clock';
import { insertProduct } from '../../test/fixtures';
import { createTestDatabase, testConfig } from '../../test/harness';
import { signUp, type TestSession, uniqueEmail } from '../../test/sessions';
import { as, checkoutCart, fillCart } from '../../test/store-flow';
import { queueCartReminders } from './cart-reminders';

/**
 * Cart reminders (decision 060) on two instances of the store sharing one database, as behind a
 * load balancer: on PostgreSQL each instance has its own connection pool, on PGlite they share the
 * one connection. The job runners' clock is a fake one the test moves; when a cart changes, the
 * test stamps the change at that clock's time (the trigger stamps the database's own time, which
 * does not move with it; the trigger itself is tested below).
 */

const HOUR = 60 * 60 * 1000;
const clock = fakeClock(new Date());
let database: Database & { url?: string };
let secondPool: Database | undefined;
type App = Awaited<ReturnType<typeof buildApp>>;
let a: App;
let b: App;
let product: string;

async function startInstance(db: Database, overrides: Partial<Config> = {}) {
  const app = await buildApp(testConfig({ outbox: { ...testConfig().outbox, clock }, ...overrides }), db);
  await app.ready();
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  secondPool = database.url ? openPostgres(database.url, 5) : undefined;
  a = await startInstance(database);
  b = await startInstance(secondPool ?? database);
  product = (await insertProduct(database.db, { name: 'Ceramic brake pads', minimumOrderQuantity: 1 })).id;
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await secondPool?.close();
  await database?.close();
});

const db = () => database.db;

/** The cart changed now, by the test's clock. */
const stampChange = (who: TestSession & { id: string }) =>
  db().update(cartActivity).set({ changedAt: clock.time }).where(eq(cartActivity.userId, who.id));

async function customerWithCart(): Promise<TestSession & { id: string }> {
  const session = await signUp(a, { email: uniqueEmail('cart') });
  await fillCart(a, session, [{ productId: product, quantity: 2 }]);
  const me = await a.inject({ method: 'GET', url: '/api/auth/get-session', headers: as(session) });
  const who = { ...session, id: (me.json() as { user: { id: string } }).user.id };
  await stampChange(who);
  return who;
}

/** Both instances poll at once (each runs the due recurring jobs), then the mails go out. */
async function timePasses(ms: number) {
  clock.advance(ms);
  await Promise.all([a.jobs.runOnce(), b.jobs.runOnce()]);
  await a.jobs.drain();
}

const remindersTo = (email: string) =>
  db()
    .select()
    .from(mails)
    .where(and(eq(mails.toAddress, email), like(mails.key, 'cart-reminder-mail:%')));

const unsubscribeLink = (text: string) => /https?:\/\/\S+\/unsubscribe\?token=(\S+)/.exec(text)?.[1] ?? '';

describe('cart reminders', () => {
  it('a cart untouched for a day gets one reminder, with its lines and an unsubscribe link', async () => {
    const who = await customerWithCart();
    await timePasses(23 * HOUR);
    expect(await remindersTo(who.email)).toHaveLength(0);
    await timePasses(2 * HOUR);
    const [mail, ...more] = await remindersTo(who.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toContain('your cart is waiting');
    expect(mail?.text).toContain('Ceramic brake pads');
    expect(mail?.text).toMatch(/\/cart\b/);
    expect(unsubscribeLink(mail?.text ?? '')).not.toBe('');
    // Still untouched a day later: no second mail for the same cart.
    await timePasses(25 * HOUR);
    expect(await remindersTo(who.email)).toHaveLength(1);
  });

  it('a cart changed after its reminder gets another only after a new idle day', async () => {
    const who = await customerWithCart();
    await timePasses(25 * HOUR);
    expect(await remindersTo(who.email)).toHaveLength(1);
    await fillCart(a, who, [{ productId: product, quantity: 3 }]);
    await stampChange(who);
    await timePasses(12 * HOUR);
    expect(await remindersTo(who.email)).toHaveLength(1);
    await timePasses(13 * HOUR);
    expect(await remindersTo(who.email)).toHaveLength(2);
  });

  it('an emptied cart and a cart that became an order get none', async () => {
    const emptied = await customerWithCart();
    const removed = await a.inject({ method: 'DELETE', url: `/api/cart/${product}`, headers: as(emptied) });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await stampChange(emptied);
    const ordered = await customerWithCart();
    expect((await checkoutCart(a, ordered)).statusCode).toBe(201);
    await stampChange(ordered);
    await timePasses(30 * HOUR);
    expect(await remindersTo(emptied.email)).toHaveLength(0);
    expect(await remindersTo(ordered.email)).toHaveLength(0);
  });

  it('a cart that changes between the reminder being queued and its mail sends nothing', async () => {
    const who = await customerWithCart();
    clock.advance(25 * HOUR);
    expect(await queueCartReminders(a.db, a.outbox, clock.now())).toBeGreaterThanOrEqual(1);
    await fillCart(a, who, [{ productId: product, quantity: 5 }]);
    await stampChange(who);
    await a.jobs.drain();
    expect(await remindersTo(who.email)).toHaveLength(0);
  });

  it('the unsubscribe link needs no sign-in and is honoured for good', async () => {
    const who = await customerWithCart();
    const other = await customerWithCart();
    await timePasses(25 * HOUR);
    const [mail] = await remindersTo(who.email);
    const token = decodeURIComponent(unsubscribeLink(mail?.text ?? ''));
    // An altered key, or one turned to another account, is refused.
    const [, signature] = token.split('.');
    for (const forged of [`${token}x`, `${other.id}.${signature}`]) {
      const res = await b.inject({
        method: 'POST',
        url: '/api/cart-reminders/unsubscribe',
        payload: { token: forged },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(UNSUBSCRIBE_LINK_INVALID);
    }
    for (let i = 0; i < 2; i++) {
      const res = await b.inject({
        method: 'POST',
        url: '/api/cart-reminders/unsubscribe',
        payload: { token },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Cart changes and idle days after: never another.
    for (let day = 0; day < 3; day++) {
      await fillCart(a, who, [{ productId: product, quantity: day + 4 }]);
      await fillCart(a, other, [{ productId: product, quantity: day + 4 }]);
      await stampChange(who);
      await stampChange(other);
      await timePasses(25 * HOUR);
    }
    expect(await remindersTo(who.email)).toHaveLength(1);
    expect(await remindersTo(other.email)).toHaveLength(4);
  });

  it('two instances queueing at the same moment remind each cart once', async () => {
    const carts = await Promise.all([customerWithCart(), customerWithCart(), customerWithCart()]);
    clock.advance(25 * HOUR);
    const now = clock.now();
    const counts = await Promise.all([
      queueCartReminders(a.db, a.outbox, now),
      queueCartReminders(b.db, b.outbox, now),
      queueCartReminders(a.db, a.outbox, now),
    ]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(3);
    await Promise.all([a.jobs.runOnce(), b.jobs.runOnce()]);
    await Promise.all([a.jobs.drain(), b.jobs.drain()]);
    for (const cart of carts) expect(await remindersTo(cart.email)).toHaveLength(1);
  });

  it('the owner turns reminders off in Settings, and every instance follows', async () => {
    const owner = await signUp(a, { email: uniqueEmail('reminderowner') });
    await db().update(user).set({ role: 'owner' }).where(eq(user.email, owner.email));
    const turnOff = async () => {
      const now = (await a.inject({ method: 'GET', url: '/api/settings', headers: as(owner) })).json();
      const res = await a.inject({
        method: 'PUT',
        url: '/api/settings/orders',
        headers: as(owner),
        payload: {
          value: { ...now.settings.orders, cartReminders: false },
          revision: now.sections.orders.revision,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      // The other instance hears of it (or reads it again); the test waits for that state.
      await b.settings.refresh();
    };
    await turnOff();
    try {
      const who = await customerWithCart();
      clock.advance(25 * HOUR);
      await Promise.all([a.jobs.runOnce(), b.jobs.runOnce()]);
      await Promise.all([a.jobs.drain(), b.jobs.drain()]);
      expect(await remindersTo(who.email)).toHaveLength(0);
    } finally {
      // Back to a store whose owner never saved the section: its defaults (the environment) rule,
      // as the next test expects.
      await db().delete(settingsSections).where(eq(settingsSections.section, 'orders'));
      await Promise.all([a.settings.refresh(), b.settings.refresh()]);
    }
  });

  it('the owner can turn reminders off (CART_REMINDERS=off)', async () => {
    const off = await startInstance(secondPool ?? database, { cartReminders: false });
    try {
      const who = await customerWithCart();
      clock.advance(25 * HOUR);
      // Only the instance with reminders off polls: nothing is queued or sent.
      await off.jobs.runOnce();
      await off.jobs.drain();
      expect(await remindersTo(who.email)).toHaveLength(0);
    } finally {
      await off.close();
    }
  });
});

describe('the cart_lines trigger', () => {
  it('stamps every change of a cart: a line put, changed, removed', async () => {
    const session = await signUp(a, { email: uniqueEmail('stamp') });
    const me = await a.inject({ method: 'GET', url: '/api/auth/get-session', headers: as(session) });
    const id = (me.json() as { user: { id: string } }).user.id;
    const stamped = async () =>
      (await db().select().from(cartActivity).where(eq(cartActivity.userId, id)))[0]?.changedAt;
    const old = new Date('2020-01-01T00:00:00Z');
    const age = () => db().update(cartActivity).set({ changedAt: old }).where(eq(cartActivity.userId, id));
    expect(await stamped()).toBeUndefined();
    await fillCart(a, session, [{ productId: product, quantity: 1 }]);
    expect((await stamped())?.getTime()).toBeGreaterThan(old.getTime());
    await age();
    await fillCart(a, session, [{ productId: product, quantity: 2 }]);
    expect((await stamped())?.getTime()).toBeGreaterThan(old.getTime());
    await age();
    await a.inject({ method: 'DELETE', url: `/api/cart/${product}`, headers: as(session) });
    expect((await stamped())?.getTime()).toBeGreaterThan(old.getTime());
  });
});
