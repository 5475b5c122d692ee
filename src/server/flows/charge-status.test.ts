import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../kernel/db/schema';
import { insertProduct } from '../test/fixtures';
import type { TestApp } from '../test/harness';
import { createOwnerApp, kitOf, type Member, newCustomer, orderIn } from '../test/kit';
import { orderRow } from '../test/probes';
import { checkoutCart, fillCart } from '../test/store-flow';

// The charge status beside the order status: kept by paying and refunding, and filled by
// migration 0036 for rows written before it (or by an instance that did not know the column).
let t: TestApp;
let admin: Member;
let customer: Member;
beforeAll(async () => {
  ({ t, admin } = await createOwnerApp());
  customer = await newCustomer(t.app, { name: 'Charlie Charge' });
});
afterAll(() => t.close());

const migration = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle/0036_charge_status.sql'),
  'utf8',
);
/** The migration's data statements, run again on rows made to look as they did before it. */
async function backfill() {
  const updates = migration
    .split('--> statement-breakpoint')
    .map((s) =>
      s
        .split('\n')
        .filter((l) => !l.startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((s) => s.startsWith('UPDATE'));
  expect(updates).toHaveLength(2);
  for (const statement of updates) await t.database.db.execute(sql.raw(statement));
}

/** A paid order of 2 units of a product and 1 of another, the first shipped when asked. */
async function paidOrder(shipFirst: boolean) {
  const a = await insertProduct(t.database.db, {
    priceCents: 2000,
    availableQuantity: 10,
    minimumOrderQuantity: 1,
  });
  const b = await insertProduct(t.database.db, {
    priceCents: 3000,
    availableQuantity: 10,
    minimumOrderQuantity: 1,
  });
  const { order } = await orderIn(kitOf(t.app), shipFirst ? 'partly_shipped' : 'paid', {
    buyer: customer,
    staff: admin,
    lines: [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 1 },
    ],
    parcel: [{ productId: a.id, quantity: 2 }],
  });
  return order;
}

describe('the charge status', () => {
  it('is charged once paid, and null (not charged) before', async () => {
    const order = await paidOrder(false);
    expect(await orderRow(t.database.db, order._id)).toMatchObject({
      status: 'awaiting_shipment',
      chargeStatus: 'charged',
    });
    await fillCart(t.app, customer, [{ productId: order.lines[0]?.productId ?? '', quantity: 1 }]);
    const unpaid = await checkoutCart(t.app, customer);
    expect(await orderRow(t.database.db, unpaid.json().order._id)).toMatchObject({
      status: 'unpaid',
      chargeStatus: null,
    });
  });

  it('is filled by migration 0036 from the payment and the refunds, and an old partially_refunded order reads its fulfilment', async () => {
    const untouched = await paidOrder(false);
    const partShipped = await paidOrder(true);
    const refundedAll = await paidOrder(false);
    const set = (id: string, values: Partial<typeof orders.$inferInsert>) =>
      t.database.db.update(orders).set(values).where(eq(orders.id, id));
    await set(untouched._id, { chargeStatus: null });
    await set(partShipped._id, { chargeStatus: null, status: 'partially_refunded', refundedCents: 1000 });
    await set(refundedAll._id, { chargeStatus: null, refundedCents: refundedAll.amounts.totalCents });
    await backfill();
    expect(await orderRow(t.database.db, untouched._id)).toMatchObject({
      status: 'awaiting_shipment',
      chargeStatus: 'charged',
    });
    expect(await orderRow(t.database.db, partShipped._id)).toMatchObject({
      status: 'partially_shipped',
      chargeStatus: 'partially_refunded',
    });
    expect(await orderRow(t.database.db, refundedAll._id)).toMatchObject({ chargeStatus: 'refunded' });
  });
});
