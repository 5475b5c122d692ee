import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../kernel/db/database';
import { outboxMessages, products, stockMovements } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import { createTestDatabase, testOutbox } from '../../test/harness';
import { insertPerson } from '../../test/kit';
import { stockFigures } from '../../test/probes';
import { deleteProduct } from '../catalog';
import {
  createPurchaseOrder,
  createSupplier,
  endPurchaseOrder,
  getPurchaseOrder,
  receivePurchaseOrder,
  removeSupplierProduct,
  sendPurchaseOrder,
  setSupplierProduct,
  updatePurchaseOrder,
  updateSupplier,
} from '.';

/** Suppliers, purchase orders and receiving, below HTTP (decision 097), on PGlite or PostgreSQL. */
let database: Database;
let outbox: ReturnType<typeof testOutbox>;
beforeAll(async () => {
  database = await createTestDatabase();
  outbox = testOutbox(database.db);
});
afterAll(() => database.close());

let supplierCount = 0;
const newSupplier = (name = `Parts Co ${++supplierCount}`) =>
  createSupplier(database.db, {
    name,
    contactName: 'Dana',
    email: 'orders@partsco.example',
    phone: null,
    leadTimeDays: 5,
    minimumOrderCents: 0,
    note: null,
  });

const refusal = async (run: Promise<unknown>) => {
  try {
    await run;
  } catch (error) {
    const e = error as { code: string; message: string; issues?: { path: string; message: string }[] };
    return { code: e.code, message: e.message, paths: (e.issues ?? []).map((i) => i.path) };
  }
  throw new Error('expected a refusal');
};

describe('suppliers', () => {
  it('keeps one supplier per name, whatever its case, and says which field', async () => {
    const first = await newSupplier('Brake World');
    expect(first).toMatchObject({ name: 'Brake World', leadTimeDays: 5, productCount: 0, openOrders: 0 });
    expect(await refusal(newSupplier('BRAKE world'))).toEqual({
      code: 'CONFLICT',
      message: 'There is already a supplier named BRAKE world',
      paths: ['name'],
    });
    const other = await newSupplier('Filter Barn');
    expect(
      await refusal(
        updateSupplier(database.db, other.id, {
          name: 'brake world',
          contactName: null,
          email: 'x@y.example',
          phone: null,
          leadTimeDays: 1,
          minimumOrderCents: 0,
          note: null,
        }),
      ),
    ).toMatchObject({ code: 'CONFLICT', paths: ['name'] });
  });

  it('records what a supplier sells of a product, changes it in place and removes it', async () => {
    const supplier = await newSupplier();
    const pads = await insertProduct(database.db, { name: 'Ceramic pads', sku: `PAD-${supplierCount}` });
    await setSupplierProduct(database.db, supplier.id, pads.id, {
      supplierPartNumber: 'BW-1',
      packSize: 4,
      costCents: 1250,
    });
    const changed = await setSupplierProduct(database.db, supplier.id, pads.id, {
      supplierPartNumber: 'BW-1A',
      packSize: 2,
      costCents: 1175,
    });
    expect(changed).toMatchObject({
      productName: 'Ceramic pads',
      supplierPartNumber: 'BW-1A',
      packSize: 2,
      costCents: 1175,
    });
    await removeSupplierProduct(database.db, supplier.id, pads.id);
    expect(await refusal(removeSupplierProduct(database.db, supplier.id, pads.id))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('purchase orders', () => {
  it("takes a line's cost from the supplier when none is typed, and asks for it when the supplier has none", async () => {
    const supplier = await newSupplier();
    const rotor = await insertProduct(database.db, { name: 'Rotor' });
    const hose = await insertProduct(database.db, { name: 'Brake hose' });
    await setSupplierProduct(database.db, supplier.id, rotor.id, {
      supplierPartNumber: 'R-9',
      packSize: 1,
      costCents: 3200,
    });
    const draft = await createPurchaseOrder(
      database.db,
      {
        supplierId: supplier.id,
        lines: [
          { productId: rotor.id, quantity: 4 },
          { productId: hose.id, quantity: 10, unitCostCents: 450 },
        ],
        note: null,
      },
      null,
    );
    expect(draft.status).toBe('draft');
    expect(draft.number).toMatch(/^PO-\d{5,}$/);
    expect(
      draft.lines.map((l) => [l.productName, l.supplierPartNumber, l.quantity, l.unitCostCents]),
    ).toEqual([
      ['Rotor', 'R-9', 4, 3200],
      ['Brake hose', null, 10, 450],
    ]);
    expect(draft.totalCents).toBe(17_300);
    expect(draft.offers).toEqual(['edit', 'send', 'cancel']);
    expect(
      await refusal(
        updatePurchaseOrder(database.db, draft.id, {
          supplierId: supplier.id,
          lines: [{ productId: hose.id, quantity: 1 }],
          note: null,
        }),
      ),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Give the unit cost of Brake hose: this supplier has none for it',
      paths: ['lines.0.unitCostCents'],
    });
  });

  it('is mailed once sent, and is then neither edited nor sent again', async () => {
    const supplier = await newSupplier();
    const part = await insertProduct(database.db);
    const draft = await createPurchaseOrder(
      database.db,
      {
        supplierId: supplier.id,
        lines: [{ productId: part.id, quantity: 2, unitCostCents: 900 }],
        note: null,
      },
      null,
    );
    const sent = await sendPurchaseOrder(database.db, outbox, draft.id);
    expect(sent.status).toBe('sent');
    expect(sent.offers).toEqual(['receive', 'close']);
    const queued = await database.db
      .select({ payload: outboxMessages.payload })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.topic, 'purchase_order.sent'),
          eq(outboxMessages.key, `purchase-order-sent:${draft.id}`),
        ),
      );
    expect(queued).toEqual([{ payload: { purchaseOrderId: draft.id } }]);
    expect(await refusal(sendPurchaseOrder(database.db, outbox, draft.id))).toEqual({
      code: 'CONFLICT',
      message: `${draft.number} is sent: it cannot be sent now`,
      paths: [],
    });
    expect(
      await refusal(
        updatePurchaseOrder(database.db, draft.id, {
          supplierId: supplier.id,
          lines: [{ productId: part.id, quantity: 3, unitCostCents: 900 }],
          note: null,
        }),
      ),
    ).toMatchObject({ code: 'CONFLICT' });
  });

  it('keeps a product on a purchase order when the owner deletes it: archived, the order whole', async () => {
    const supplier = await newSupplier();
    const part = await insertProduct(database.db, { name: 'Caliper bracket' });
    const draft = await createPurchaseOrder(
      database.db,
      {
        supplierId: supplier.id,
        lines: [{ productId: part.id, quantity: 1, unitCostCents: 100 }],
        note: null,
      },
      null,
    );
    const owner = await insertPerson(database.db, { name: 'Olive Owner', role: 'owner' });
    expect(await deleteProduct(database.db, part.id, owner)).toEqual({
      deletedCount: 1,
      retired: true,
    });
    const [kept] = await database.db
      .select({ status: products.status })
      .from(products)
      .where(eq(products.id, part.id));
    expect(kept?.status).toBe('archived');
    expect((await getPurchaseOrder(database.db, draft.id)).lines.map((l) => l.productName)).toEqual([
      'Caliper bracket',
    ]);
    // One nothing refers to is still deleted outright.
    const lone = await insertProduct(database.db);
    expect(await deleteProduct(database.db, lone.id, owner)).toEqual({
      deletedCount: 1,
      retired: false,
    });
  });

  it('cancels a draft and closes a sent order, never the other way round', async () => {
    const supplier = await newSupplier();
    const part = await insertProduct(database.db);
    const order = () =>
      createPurchaseOrder(
        database.db,
        {
          supplierId: supplier.id,
          lines: [{ productId: part.id, quantity: 2, unitCostCents: 100 }],
          note: null,
        },
        null,
      );
    const draft = await order();
    expect(await refusal(endPurchaseOrder(database.db, draft.id, 'close'))).toMatchObject({
      code: 'CONFLICT',
    });
    expect((await endPurchaseOrder(database.db, draft.id, 'cancel')).offers).toEqual([]);
    const sent = await sendPurchaseOrder(database.db, outbox, (await order()).id);
    expect(await refusal(endPurchaseOrder(database.db, sent.id, 'cancel'))).toMatchObject({
      code: 'CONFLICT',
    });
    const closed = await endPurchaseOrder(database.db, sent.id, 'close');
    expect(closed.status).toBe('closed');
    expect(closed.closedAt).not.toBeNull();
    expect(
      await refusal(
        receivePurchaseOrder(database.db, sent.id, { lines: [{ lineNo: 1, quantity: 1 }], note: null }, null),
      ),
    ).toMatchObject({ code: 'CONFLICT' });
  });
});

describe('receiving', () => {
  /** A sent order of `lines` from a new supplier. */
  const sentOrder = async (lines: { productId: string; quantity: number; unitCostCents: number }[]) => {
    const supplier = await newSupplier();
    const draft = await createPurchaseOrder(
      database.db,
      { supplierId: supplier.id, lines, note: null },
      null,
    );
    return sendPurchaseOrder(database.db, outbox, draft.id);
  };
  const costOf = async (id: string) =>
    (await database.db.select({ cost: products.costCents }).from(products).where(eq(products.id, id)))[0]
      ?.cost;

  it('moves stock per delivery, keeps the ledger, and averages the cost over what was on hand', async () => {
    const pads = await insertProduct(database.db, { availableQuantity: 10, costCents: 1000 });
    const fresh = await insertProduct(database.db, { availableQuantity: 0, costCents: null });
    const order = await sentOrder([
      { productId: pads.id, quantity: 10, unitCostCents: 1300 },
      { productId: fresh.id, quantity: 6, unitCostCents: 2499 },
    ]);

    const part = await receivePurchaseOrder(
      database.db,
      order.id,
      {
        lines: [
          { lineNo: 1, quantity: 10 },
          { lineNo: 2, quantity: 4 },
        ],
        note: null,
      },
      null,
    );
    expect(part.status).toBe('partly_received');
    expect(part.lines.map((l) => l.receivedQuantity)).toEqual([10, 4]);
    expect(await stockFigures(database.db, pads.id)).toMatchObject({
      onHand: 20,
      available: 20,
      ledgerOnHand: 20,
    });
    expect(await stockFigures(database.db, fresh.id)).toMatchObject({ onHand: 4, ledgerOnHand: 4 });
    // 10 on hand at $10.00 and 10 in at $13.00: $11.50. A product with no cost takes the new one.
    expect(await costOf(pads.id)).toBe(1150);
    expect(await costOf(fresh.id)).toBe(2499);
    const moves = await database.db
      .select({
        onHand: stockMovements.onHandDelta,
        reason: stockMovements.reason,
        note: stockMovements.note,
      })
      .from(stockMovements)
      .where(eq(stockMovements.productId, pads.id));
    expect(moves).toContainEqual({ onHand: 10, reason: 'received', note: order.number });

    const rest = await receivePurchaseOrder(
      database.db,
      order.id,
      { lines: [{ lineNo: 2, quantity: 2 }], note: null },
      null,
    );
    expect(rest.status).toBe('received');
    expect(rest.offers).toEqual([]);
    expect(rest.receipts.map((r) => r.lines)).toEqual([
      [
        { lineNo: 1, quantity: 10 },
        { lineNo: 2, quantity: 4 },
      ],
      [{ lineNo: 2, quantity: 2 }],
    ]);
    // 4 on hand at $24.99 and 2 more at $24.99: still $24.99.
    expect(await costOf(fresh.id)).toBe(2499);
  });

  it('rounds an average to the cent, half up', async () => {
    const clip = await insertProduct(database.db, { availableQuantity: 3, costCents: 1000 });
    const order = await sentOrder([{ productId: clip.id, quantity: 2, unitCostCents: 1002 }]);
    await receivePurchaseOrder(
      database.db,
      order.id,
      { lines: [{ lineNo: 1, quantity: 2 }], note: null },
      null,
    );
    // (3 x 1000 + 2 x 1002) / 5 = 1000.8 cents.
    expect(await costOf(clip.id)).toBe(1001);
  });

  it('takes in more than was ordered only with a note, and moves nothing when refused', async () => {
    const filter = await insertProduct(database.db, { availableQuantity: 5 });
    const order = await sentOrder([{ productId: filter.id, quantity: 4, unitCostCents: 350 }]);
    expect(
      await refusal(
        receivePurchaseOrder(
          database.db,
          order.id,
          { lines: [{ lineNo: 1, quantity: 5 }], note: null },
          null,
        ),
      ),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'More came in than was ordered: say why in the note',
      paths: ['note'],
    });
    expect(await stockFigures(database.db, filter.id)).toMatchObject({ onHand: 5 });
    expect((await getPurchaseOrder(database.db, order.id)).receipts).toEqual([]);
    const over = await receivePurchaseOrder(
      database.db,
      order.id,
      { lines: [{ lineNo: 1, quantity: 5 }], note: 'One extra in the carton, kept' },
      null,
    );
    expect(over.status).toBe('received');
    expect(over.lines[0]?.receivedQuantity).toBe(5);
    expect(over.receipts[0]?.note).toBe('One extra in the carton, kept');
    expect(await stockFigures(database.db, filter.id)).toMatchObject({ onHand: 10, ledgerOnHand: 10 });
  });

  it('refuses a line the order does not have, naming it', async () => {
    const part = await insertProduct(database.db);
    const order = await sentOrder([{ productId: part.id, quantity: 1, unitCostCents: 100 }]);
    expect(
      await refusal(
        receivePurchaseOrder(
          database.db,
          order.id,
          { lines: [{ lineNo: 7, quantity: 1 }], note: null },
          null,
        ),
      ),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      message: `${order.number} has no line 7`,
      paths: ['lines.0.lineNo'],
    });
  });

  it('counts two deliveries received at once, each unit once', async () => {
    const part = await insertProduct(database.db, { availableQuantity: 0 });
    const order = await sentOrder([{ productId: part.id, quantity: 10, unitCostCents: 700 }]);
    const results = await Promise.allSettled(
      [3, 4].map((quantity) =>
        receivePurchaseOrder(database.db, order.id, { lines: [{ lineNo: 1, quantity }], note: null }, null),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    const after = await getPurchaseOrder(database.db, order.id);
    expect(after.lines[0]?.receivedQuantity).toBe(7);
    expect(after.status).toBe('partly_received');
    expect(await stockFigures(database.db, part.id)).toMatchObject({ onHand: 7, ledgerOnHand: 7 });
  });
});
