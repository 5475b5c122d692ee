import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GuestCheckoutAnswer } from '../../../contract/guest';
import type { Quote } from '../../../contract/pricing';
import { buildApp } from '../../app';
import { type Database, openPostgres } from '../../kernel/db/database';
import { insertProduct } from '../../test/fixtures';
import { createTestDatabase, testConfig } from '../../test/harness';
import { postgresOnly } from '../../test/postgres-only';
import { uniqueEmail } from '../../test/sessions';
import { HOME_ADDRESS } from '../../test/store-flow';
import { GUEST_LOOKUP_LIMITS } from './guest-lookup';

/**
 * The order lookup's guessing limits with two instances of the store on one PostgreSQL, each with
 * its own connection pool, as behind a load balancer: one guesser's tries spread over both meet
 * one budget, and others' guesses never spend the buyer's (decision 073).
 */
type App = Awaited<ReturnType<typeof buildApp>>;

postgresOnly(
  'order lookup limits across two instances (needs TEST_DATABASE_URL)',
  { timeout: 120_000 },
  () => {
    let database: Database & { url?: string };
    let secondPool: Database;
    let a: App;
    let b: App;

    beforeAll(async () => {
      database = await createTestDatabase();
      secondPool = openPostgres(database.url as string, 5);
      a = await buildApp(testConfig(), database);
      b = await buildApp(testConfig(), secondPool);
      await Promise.all([a.ready(), b.ready()]);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await secondPool?.close();
      await database?.close();
    });

    async function guestOrder(email: string) {
      const product = await insertProduct(database.db, { minimumOrderQuantity: 1 });
      const lines = [{ productId: product.id, quantity: 1 }];
      const quote = await a.inject({
        method: 'POST',
        url: '/api/cart/quote',
        payload: { lines, region: 'MI' },
      });
      const res = await b.inject({
        method: 'POST',
        url: '/api/guest/checkout',
        payload: {
          idempotencyKey: randomUUID(),
          email,
          lines,
          address: HOME_ADDRESS,
          shippingMethod: 'standard',
          expectedTotalCents: (quote.json() as Quote).totals.totalCents,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as GuestCheckoutAnswer).order;
    }

    const lookup = (app: App, number: string, email: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/guest/order/lookup',
        payload: { number, email },
        remoteAddress,
      });

    it("one guesser's wrong guesses, alternated between the instances, meet one budget", async () => {
      const email = uniqueEmail('twoguess');
      const order = await guestOrder(email);
      const statuses: number[] = [];
      for (let i = 0; i < GUEST_LOOKUP_LIMITS.wrongPerClient; i++) {
        const app = i % 2 === 0 ? a : b;
        statuses.push((await lookup(app, order.number, `wrong${i}@example.com`, '10.40.0.1')).statusCode);
      }
      expect(statuses).toEqual(Array(GUEST_LOOKUP_LIMITS.wrongPerClient).fill(404));
      // The guesser's budget is spent on both: even the right pair waits, on either instance.
      expect((await lookup(a, order.number, email, '10.40.0.1')).statusCode).toBe(429);
      expect((await lookup(b, order.number, email, '10.40.0.1')).statusCode).toBe(429);
    });

    it('wrong guesses at one order from many addresses on both instances never lock its buyer out', async () => {
      const email = uniqueEmail('buyer');
      const order = await guestOrder(email);
      const guesses = await Promise.all(
        Array.from({ length: 3 * GUEST_LOOKUP_LIMITS.wrongPerClient }, (_, i) =>
          lookup(i % 2 === 0 ? a : b, order.number, `guess${i}@example.com`, `10.42.${i}.1`),
        ),
      );
      expect(guesses.map((r) => r.statusCode)).toEqual(
        Array(3 * GUEST_LOOKUP_LIMITS.wrongPerClient).fill(404),
      );
      // The buyer, from their own address, is answered by either instance.
      for (const app of [a, b]) {
        const right = await lookup(app, order.number, email, '10.42.200.1');
        expect(right.statusCode, right.body).toBe(200);
      }
    });

    it("one guesser's wrong guesses, sent to both instances at once, meet one budget", async () => {
      const tries = 3 * GUEST_LOOKUP_LIMITS.wrongPerClient;
      const answers = await Promise.all(
        Array.from({ length: tries }, (_, i) =>
          lookup(i % 2 === 0 ? a : b, `TW-${70000 + i}`, `spread${i}@example.com`, '10.41.0.1'),
        ),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 404)).toHaveLength(GUEST_LOOKUP_LIMITS.wrongPerClient);
      expect(statuses.filter((s) => s === 429)).toHaveLength(tries - GUEST_LOOKUP_LIMITS.wrongPerClient);
    });

    it('lookups from one address, right ones too, alternated between the instances, meet one budget', async () => {
      const email = uniqueEmail('often');
      const order = await guestOrder(email);
      const statuses: number[] = [];
      for (let i = 0; i < GUEST_LOOKUP_LIMITS.lookupsPerAddress + 2; i++)
        statuses.push((await lookup(i % 2 === 0 ? a : b, order.number, email, '10.43.0.1')).statusCode);
      expect(statuses).toEqual([...Array(GUEST_LOOKUP_LIMITS.lookupsPerAddress).fill(200), 429, 429]);
    });
  },
);
