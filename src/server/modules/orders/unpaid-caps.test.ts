import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyReservedUnitsMessage, tooManyUnpaidOrdersMessage } from '../../../contract/orders';
import { placeOrder } from '../../flows/place-order';
import type { Database } from '../../kernel/db/database';
import { AppError } from '../../kernel/errors/errors';
import type { SessionUser } from '../../kernel/identity/session-user';
import type { OrderLimits } from '../../kernel/settings/settings-in-force';
import { insertProduct } from '../../test/fixtures';
import { createTestDatabase, realOrderCaps } from '../../test/harness';
import { insertPerson, type Kit, kitOn, orderIn } from '../../test/kit';
import { freeLimits, stockOf } from '../../test/probes';
import { PHONE } from '../../test/store-flow';
import { cancelUnpaidOrder } from './cancel';

// The store's own caps on unpaid orders (3 orders, 100 units), not the test defaults, as the order
// flow applies them on the real database. The order modal's quantities typed as text are the
// contract's rule (src/contract/order-input.test.ts); the 30-minute hold, flows/order-modal.test.ts.
let database: Database;
let kit: Kit;
let caps: OrderLimits;
beforeAll(async () => {
  database = await createTestDatabase();
  caps = freeLimits({
    maxUnpaidOrders: realOrderCaps().maxUnpaidOrders,
    maxReservedUnits: realOrderCaps().maxReservedUnits,
  });
  kit = kitOn(database.db, { limits: caps });
});
afterAll(() => database.close());

const order = (me: SessionUser, productId: string, orderQuantity: number) =>
  placeOrder(database.db, kit.outbox, me, { productId, orderQuantity, phone: PHONE }, caps, kit.pricing);

/** The refusal's code and message, as the route answers it (409 CONFLICT). */
const refusalOf = async (placing: Promise<unknown>) => {
  const error = await placing.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, status: error.status, message: error.message };
};

describe('nobody empties the shelves without paying', () => {
  it('the real caps are 3 unpaid orders and 100 units', () => {
    expect(realOrderCaps()).toMatchObject({ maxUnpaidOrders: 3, maxReservedUnits: 100 });
  });

  it('one customer cannot stop another from buying: a hoarder gets at most 100 units and 3 unpaid orders', async () => {
    const mallory = await insertPerson(database.db, { name: 'Mallory Hoarder' });
    const alice = await insertPerson(database.db, { name: 'Alice Buyer' });
    const product = await insertProduct(database.db, { availableQuantity: 150, minimumOrderQuantity: 1 });

    // All of it in one request: refused, saying what to do.
    expect(await refusalOf(order(mallory, product.id, 150))).toEqual({
      code: 'CONFLICT',
      status: 409,
      message: tooManyReservedUnitsMessage(100, 0),
    });
    expect(await stockOf(database.db, product.id)).toBe(150);

    await order(mallory, product.id, 40);
    await order(mallory, product.id, 40);
    expect((await refusalOf(order(mallory, product.id, 30))).message).toBe(
      tooManyReservedUnitsMessage(100, 80),
    );
    const third = await order(mallory, product.id, 20);
    expect((await refusalOf(order(mallory, product.id, 1))).message).toBe(tooManyUnpaidOrdersMessage(3));

    // Alice still buys what is left, and pays.
    expect(await stockOf(database.db, product.id)).toBe(50);
    await orderIn(kit, 'paid', { buyer: alice, lines: [{ productId: product.id, quantity: 50 }] });

    // Cancelling frees Mallory's slot.
    await cancelUnpaidOrder(database.db, kit.outbox, third._id, { userId: mallory.id, admin: false });
    expect((await order(mallory, product.id, 5)).orderQuantity).toBe(5);
  });

  it('a paid order no longer counts against the caps', async () => {
    const buyer = await insertPerson(database.db, { name: 'Paying Buyer' });
    const product = await insertProduct(database.db, { availableQuantity: 500, minimumOrderQuantity: 1 });
    for (let i = 0; i < 3; i++)
      await orderIn(kit, 'paid', { buyer, lines: [{ productId: product.id, quantity: 40 }] });
    await order(buyer, product.id, 100);
    expect((await refusalOf(order(buyer, product.id, 1))).message).toBe(
      tooManyReservedUnitsMessage(100, 100),
    );
  });

  it('counts orders sent at the same moment against each other', async () => {
    const rusher = await insertPerson(database.db, { name: 'Rush Orderer' });
    const product = await insertProduct(database.db, { availableQuantity: 500, minimumOrderQuantity: 1 });
    const answers = await Promise.allSettled(Array.from({ length: 8 }, () => order(rusher, product.id, 10)));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(3);
    const refused = answers.filter((a) => a.status === 'rejected');
    expect(refused).toHaveLength(5);
    for (const r of refused) expect((r.reason as AppError).status).toBe(409);
    expect(await stockOf(database.db, product.id)).toBe(470);
  });
});
