import { asc, eq, sql } from 'drizzle-orm';
import { type PurchaseOrder, purchaseOrderNumber } from '../../../contract/purchasing';
import { recordAudit } from '../../kernel/audit';
import type { Db } from '../../kernel/db';
import { purchaseOrderLines, purchaseOrders, purchaseReceiptLines, purchaseReceipts } from '../../kernel/db';
import { AppError } from '../../kernel/errors';
import { averageCostIn } from '../catalog';
import { moveStock, openPlace, stockOfOne } from '../inventory';
import { getPurchaseOrder, lockForEvent } from './purchase-orders';

type Counted = {
  lines: { lineNo: number; quantity: number }[];
  note: string | null;
  locationId?: string | undefined;
};

/**
 * A delivery counted in against a sent order, in one transaction under the order's row lock: the
 * receipt and its lines, each line's received units, a `received` stock movement per product, and
 * the product's cost set to the weighted average of what was on hand and what came in. More than
 * was ordered is taken in, with a note saying why; the order is received once every line has come
 * in full, partly received until then.
 */
export async function receivePurchaseOrder(
  db: Db,
  id: string,
  input: Counted,
  actorUserId: string | null,
): Promise<PurchaseOrder> {
  await db.transaction(async (tx) => {
    const { row } = await lockForEvent(tx, id, 'receive_part');
    const lines = await tx
      .select()
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.purchaseOrderId, id))
      .orderBy(asc(purchaseOrderLines.lineNo));
    const byNo = new Map(lines.map((l) => [l.lineNo, l]));
    const counted = input.lines.filter((c) => c.quantity > 0);
    for (const [i, c] of input.lines.entries()) {
      if (!byNo.has(c.lineNo))
        throw new AppError(
          'VALIDATION_FAILED',
          `${purchaseOrderNumber(row.number)} has no line ${c.lineNo}`,
          [{ path: `lines.${i}.lineNo`, message: 'No such line' }],
        );
    }
    const over = counted.filter((c) => {
      const line = byNo.get(c.lineNo);
      return line !== undefined && line.receivedQuantity + c.quantity > line.quantity;
    });
    if (over.length > 0 && !input.note)
      throw new AppError('VALIDATION_FAILED', 'More came in than was ordered: say why in the note', [
        { path: 'note', message: 'Say why more came in than was ordered' },
      ]);

    const locationId = await openPlace(tx, input.locationId);
    const [receipt] = await tx
      .insert(purchaseReceipts)
      .values({ purchaseOrderId: id, note: input.note, actorUserId, locationId })
      .returning({ id: purchaseReceipts.id });
    const receiptId = (receipt as { id: string }).id;
    await tx.insert(purchaseReceiptLines).values(counted.map((c) => ({ receiptId, ...c })));
    for (const c of counted)
      await tx
        .update(purchaseOrderLines)
        .set({ receivedQuantity: sql`${purchaseOrderLines.receivedQuantity} + ${c.quantity}` })
        .where(
          sql`${purchaseOrderLines.purchaseOrderId} = ${id} and ${purchaseOrderLines.lineNo} = ${c.lineNo}`,
        );

    const number = purchaseOrderNumber(row.number);
    const costs: Record<string, { before: number | null; after: number }> = {};
    // Products in id order, as every stock move takes its locks (inventory.service).
    const arriving = counted
      .map((c) => ({ ...c, line: byNo.get(c.lineNo) as (typeof lines)[number] }))
      .sort((a, b) => a.line.productId.localeCompare(b.line.productId));
    for (const { quantity, line } of arriving) {
      await moveStock(tx, [
        {
          productId: line.productId,
          onHand: quantity,
          reason: 'received',
          actorUserId,
          note: number,
          locationId,
        },
      ]);
      const onHandBefore = (await stockOfOne(tx, line.productId)).onHand - quantity;
      costs[line.productId] = await averageCostIn(tx, line.productId, {
        onHandBefore,
        units: quantity,
        unitCostCents: line.unitCostCents,
      });
    }

    const complete = lines.every((l) => {
      const now = l.receivedQuantity + (counted.find((c) => c.lineNo === l.lineNo)?.quantity ?? 0);
      return now >= l.quantity;
    });
    const { next } = await lockForEvent(tx, id, complete ? 'receive_rest' : 'receive_part');
    await tx
      .update(purchaseOrders)
      .set({ status: next, ...(complete ? { closedAt: new Date() } : {}) })
      .where(eq(purchaseOrders.id, id));
    await recordAudit(tx, {
      action: 'purchase_order.received',
      subjectType: 'purchase_order',
      subjectId: id,
      before: { status: row.status },
      after: { status: next, receiptId, lines: counted, note: input.note, costs, location: locationId },
    });
  });
  return getPurchaseOrder(db, id);
}
