import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders';
import { buildApp } from '../../app';
import { type Database, openPostgres } from '../../kernel/db/database';
import { orders, refunds } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import { createTestDatabase, testConfig } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { postgresOnly } from '../../test/postgres-only';
import { signUp, type TestSession, uniqueEmail } from '../../test/sessions';
import { as, payOrder, placeOrder } from '../../test/store-flow';

/**
 * Invoice and credit-note numbers (decision 091): the database gives the next of one sequence
 * each when an order is first paid and when a refund succeeds, in that same transaction. They
 * follow each other without a gap whatever rolls back, and two instances paying and refunding at
 * once on one PostgreSQL never give one number twice nor skip one.
 */
type App = Awaited<ReturnType<typeof buildApp>>;

const invoiceNumbers = async (db: Database['db']) =>
  (await db.select({ n: orders.invoiceNumber }).from(orders).where(sql`${orders.invoiceNumber} is not null`))
    .map((r) => Number(r.n))
    .sort((a, b) => a - b);
const creditNoteNumbers = async (db: Database['db']) =>
  (
    await db
      .select({ n: refunds.creditNoteNumber })
      .from(refunds)
      .where(sql`${refunds.creditNoteNumber} is not null`)
  )
    .map((r) => Number(r.n))
    .sort((a, b) => a - b);
const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

async function refund(app: App, admin: TestSession, orderId: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/manage/${orderId}/refunds`,
    headers: { ...as(admin), 'idempotency-key': randomUUID() },
    payload: { amountCents: 100, restock: false, reason: 'Goodwill' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
}

describe('invoice and credit-note numbers on one instance', () => {
  let database: Database;
  let app: App;
  let admin: TestSession;
  let customer: TestSession;
  beforeAll(async () => {
    database = await createTestDatabase();
    const email = uniqueEmail('owner');
    app = await buildApp(testConfig({ auth: { ...testConfig().auth, adminEmails: [email] } }), database);
    await app.ready();
    admin = await signUp(app, { email, name: 'Numbers Owner' });
    customer = await signUp(app, { name: 'Numbered Customer' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('numbers the paid order and the succeeded refund, on the receipt, the credit note and the order', async () => {
    const product = await insertProduct(database.db, { availableQuantity: 50, minimumOrderQuantity: 1 });
    const unpaid = await placeOrder(app, customer, product.id, 1);
    expect(unpaid.invoiceNumber).toBeNull();
    const first = await payOrder(app, customer, unpaid._id);
    expect(first.invoiceNumber).toBe('INV-000001');

    // A payment rolled back gives its number back: the next order paid takes it.
    const second = await placeOrder(app, customer, product.id, 1);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, second._id));
        throw new Error('the payment failed after all');
      }),
    ).rejects.toThrow('the payment failed after all');
    expect((await payOrder(app, customer, second._id)).invoiceNumber).toBe('INV-000002');

    const refunded = await refund(app, admin, first._id);
    expect(refunded.refunds.map((r) => r.creditNoteNumber)).toEqual(['CN-000001']);
    const receipt = await app.inject({ url: `/api/order/${first._id}/receipt.pdf`, headers: as(customer) });
    expect(pdfText(receipt.rawPayload).join('\n')).toContain('Invoice number: INV-000001');
    const note = await app.inject({
      url: `/api/order/${first._id}/refunds/${refunded.refunds[0]?.id}/credit-note.pdf`,
      headers: as(customer),
    });
    expect(pdfText(note.rawPayload).join('\n')).toContain('Credit note number: CN-000001');
    expect(await invoiceNumbers(database.db)).toEqual([1, 2]);
    expect(await creditNoteNumbers(database.db)).toEqual([1]);
  });
});

postgresOnly(
  'invoice and credit-note numbers across two instances (needs TEST_DATABASE_URL)',
  { timeout: 180_000 },
  () => {
    let database: Database & { url?: string };
    let secondPool: Database;
    let a: App;
    let b: App;
    let admin: TestSession;
    beforeAll(async () => {
      database = await createTestDatabase();
      secondPool = openPostgres(database.url as string, 5);
      const email = uniqueEmail('owner');
      const config = testConfig({ auth: { ...testConfig().auth, adminEmails: [email] } });
      a = await buildApp(config, database);
      b = await buildApp(config, secondPool);
      await Promise.all([a.ready(), b.ready()]);
      admin = await signUp(a, { email, name: 'Two Desk Owner' });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await secondPool?.close();
      await database?.close();
    });

    it('gives each payment and refund the next number, none twice and none skipped', async () => {
      const product = await insertProduct(database.db, { availableQuantity: 500, minimumOrderQuantity: 1 });
      const buyers = await Promise.all(
        [1, 2, 3, 4].map((i) => signUp(i % 2 ? a : b, { name: `Buyer ${i}` })),
      );
      const placed = await Promise.all(
        buyers.flatMap((buyer, i) =>
          [0, 1, 2].map(() => placeOrder(i % 2 ? a : b, buyer, product.id, 1).then((o) => ({ o, buyer }))),
        ),
      );
      // Paid at once, half through each instance.
      const paid = await Promise.all(placed.map(({ o, buyer }, i) => payOrder(i % 2 ? a : b, buyer, o._id)));
      expect(await invoiceNumbers(database.db)).toEqual(oneTo(12));
      expect(new Set(paid.map((o) => o.invoiceNumber)).size).toBe(12);
      // Refunded at once, half through each instance.
      await Promise.all(paid.map((o, i) => refund(i % 2 ? b : a, admin, o._id)));
      expect(await creditNoteNumbers(database.db)).toEqual(oneTo(12));
    });
  },
);
