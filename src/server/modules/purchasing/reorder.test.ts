import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../kernel/db/database';
import { insertProduct } from '../../test/fixtures';
import { createTestDatabase, testOutbox } from '../../test/harness';
import { kitOn, orderIn } from '../../test/kit';
import {
  createPurchaseOrder,
  createSupplier,
  reorderSuggestions,
  sendPurchaseOrder,
  setSupplierProduct,
} from '.';

/**
 * Reorder suggestions from real sales (decision 097): paid orders through the kit, suppliers with
 * their costs, an open purchase order; each expected figure worked out by hand beside it.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const supplier = (name: string, leadTimeDays: number, minimumOrderCents = 0) =>
  createSupplier(database.db, {
    name,
    contactName: null,
    email: `orders@${name.toLowerCase().replaceAll(' ', '-')}.example`,
    phone: null,
    leadTimeDays,
    minimumOrderCents,
    note: null,
  });

it('suggests per cheapest supplier what sold, counts what is on order, and lists what no supplier sells', async () => {
  const kit = kitOn(database.db);
  const cheap = await supplier('Cheap Parts', 5, 60_000);
  const dear = await supplier('Dear Parts', 2);
  // Sells 1 a day: 30 paid in the last 30 days, 4 left.
  const pads = await insertProduct(database.db, {
    name: 'Brake pads',
    availableQuantity: 34,
    minimumOrderQuantity: 1,
    lowStockThreshold: 3,
  });
  await orderIn(kit, 'paid', { lines: [{ productId: pads.id, quantity: 30 }] });
  await setSupplierProduct(database.db, cheap.id, pads.id, {
    supplierPartNumber: 'CP-PAD',
    packSize: 6,
    costCents: 1500,
  });
  await setSupplierProduct(database.db, dear.id, pads.id, {
    supplierPartNumber: 'DP-PAD',
    packSize: 1,
    costCents: 1900,
  });
  // Sells the same, but 40 are on a sent order: nothing to add.
  const rotors = await insertProduct(database.db, {
    name: 'Rotor',
    availableQuantity: 34,
    minimumOrderQuantity: 1,
    lowStockThreshold: 3,
  });
  await orderIn(kit, 'paid', { lines: [{ productId: rotors.id, quantity: 30 }] });
  await setSupplierProduct(database.db, dear.id, rotors.id, {
    supplierPartNumber: 'DP-ROT',
    packSize: 1,
    costCents: 4000,
  });
  const open = await createPurchaseOrder(
    database.db,
    { supplierId: dear.id, lines: [{ productId: rotors.id, quantity: 40 }], note: null },
    null,
  );
  await sendPurchaseOrder(database.db, testOutbox(database.db), open.id);
  // Never sold, at its threshold, and nobody sells it.
  const clips = await insertProduct(database.db, {
    name: 'Caliper clips',
    availableQuantity: 2,
    minimumOrderQuantity: 1,
    lowStockThreshold: 2,
  });
  // Plenty left and slow: not weighed.
  await insertProduct(database.db, { name: 'Floor jack', availableQuantity: 50, lowStockThreshold: 2 });

  const answer = await reorderSuggestions(database.db, { days: 30, coverDays: 30 }, 1);
  const mine = answer.suggestions.map((s) => ({
    supplier: s.supplier?.name ?? null,
    underMinimum: s.underMinimum,
    totalCents: s.totalCents,
    lines: s.lines
      .filter((l) => [pads.id, rotors.id, clips.id].includes(l.productId))
      .map((l) => [
        l.productName,
        l.supplierPartNumber,
        l.available,
        l.onOrder,
        l.sold,
        l.reorderPoint,
        l.suggestedQuantity,
      ]),
  }));
  expect(mine.filter((s) => s.lines.length > 0)).toEqual([
    // Point: 5 (a day's sales over 5 days). Up to 35 (the lead time and 30 days): 31, as 6 packs of 6 at $15.00:
    // $540.00, under the supplier's $600.00 minimum.
    {
      supplier: 'Cheap Parts',
      underMinimum: true,
      totalCents: 54_000,
      lines: [['Brake pads', 'CP-PAD', 4, 0, 30, 5, 36]],
    },
    // Point: the threshold, 2; one past it.
    { supplier: null, underMinimum: false, totalCents: 0, lines: [['Caliper clips', null, 2, 0, 0, 2, 1]] },
  ]);
});
