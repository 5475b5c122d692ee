import type { Database } from '../../src/server/kernel/db/database';
import { orderLines, orders, paymentIntents, products } from '../../src/server/kernel/db/schema';
import type { Ledger, LoadProduct } from './order-load';

/**
 * Compares what the store acknowledged with what its database holds, read directly while no store
 * process runs. Stock is represented by the tool's `available_quantity` (what can still be ordered)
 * and the orders themselves: an unpaid order holds its quantity reserved, a pending or shipped one
 * has sold it, a cancelled one gave it back. So for every tool
 *   available + reserved + sold = the quantity it was created with.
 */

export interface AuditResult {
  ackedOrders: number;
  ackedOrdersFound: number;
  ackedPaid: number;
  ackedPaidStillPaid: number;
  /** Orders in the database whose 201 never reached the customer (cut off by a kill): allowed. */
  ordersInDoubt: number;
  mismatches: string[];
}

const PAID = new Set(['pending', 'shipped']);

export async function auditStore(
  database: Database,
  ledger: Ledger,
  loadProducts: LoadProduct[],
): Promise<AuditResult> {
  // The orders in this load have one line each: its product is the order's.
  const lineRows = await database.db.select().from(orderLines);
  const productOf = new Map(lineRows.map((line) => [line.orderId, line.productId]));
  const orderRows = (await database.db.select().from(orders)).map((row) => ({
    ...row,
    productId: productOf.get(row.id),
  }));
  const productRows = await database.db.select().from(products);
  const intentRows = await database.db.select().from(paymentIntents);
  const byId = new Map(orderRows.map((row) => [row.id, row]));
  const mismatches: string[] = [];

  let ackedOrdersFound = 0;
  for (const acked of ledger.orders.values()) {
    const row = byId.get(acked.id);
    if (!row) {
      mismatches.push(`order ${acked.id} was acknowledged (201) but is not in the database`);
      continue;
    }
    ackedOrdersFound += 1;
    if (
      row.productId !== acked.productId ||
      row.quantity !== acked.quantity ||
      row.userEmail !== acked.email
    ) {
      mismatches.push(`order ${acked.id} differs from what was acknowledged`);
    }
  }

  let ackedPaidStillPaid = 0;
  for (const id of ledger.paid) {
    const row = byId.get(id);
    if (row && PAID.has(row.status) && row.transactionId) ackedPaidStillPaid += 1;
    else mismatches.push(`order ${id} was acknowledged as paid but is ${row?.status ?? 'missing'}`);
  }
  for (const id of ledger.cancelled) {
    const status = byId.get(id)?.status;
    if (status !== 'cancelled') mismatches.push(`order ${id} was acknowledged as deleted but is ${status}`);
  }

  // A paid order must rest on a payment the processor recorded as succeeded, for its own order.
  const intents = new Map(intentRows.map((row) => [row.id, row]));
  for (const row of orderRows) {
    if (!PAID.has(row.status)) continue;
    const intent = row.transactionId ? intents.get(row.transactionId) : undefined;
    if (
      intent?.status !== 'succeeded' ||
      intent.orderId !== row.id ||
      intent.amountCents !== row.totalCents
    ) {
      mismatches.push(`order ${row.id} is ${row.status} without a matching succeeded payment`);
    }
  }

  for (const product of loadProducts) {
    const available = productRows.find((row) => row.id === product.id)?.availableQuantity;
    const ofProduct = orderRows.filter((row) => row.productId === product.id);
    const sum = (rows: typeof orderRows) => rows.reduce((total, row) => total + row.quantity, 0);
    const reserved = sum(ofProduct.filter((row) => row.status === 'unpaid'));
    const sold = sum(ofProduct.filter((row) => PAID.has(row.status)));
    if (available === undefined || available + reserved + sold !== product.initial) {
      mismatches.push(
        `tool ${product.id}: available ${available} + reserved ${reserved} + sold ${sold} != ${product.initial}`,
      );
    }
  }

  return {
    ackedOrders: ledger.orders.size,
    ackedOrdersFound,
    ackedPaid: ledger.paid.size,
    ackedPaidStillPaid,
    ordersInDoubt: orderRows.filter((row) => !ledger.orders.has(row.id)).length,
    mismatches,
  };
}
