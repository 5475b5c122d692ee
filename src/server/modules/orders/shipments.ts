import { and, eq, sql } from 'drizzle-orm';
import { afterSaleMessages, type ShipmentInput } from '../../../contract/after-sale';
import { isUuid } from '../../../contract/ids';
import { orderMachine } from '../../../contract/order-transitions';
import { closedUnpaidStatuses, type Order } from '../../../contract/orders';
import type { Db, Tx } from '../../kernel/db';
import { orderLines, shipments } from '../../kernel/db';
import { AppError } from '../../kernel/errors';
import type { Outbox } from '../../kernel/outbox';
import { heldByOrder, moveStock } from '../inventory';
import { balanceDueWords } from './balance-due';
import { AfterSaleRefused, OrderNotFound } from './order-errors';
import { toOneOrder } from './order-read';
import { applyOrderEvent, lockOrder, orderLinesOf, unshippedOf } from './order-state';

/** Said when a paid order has no address yet: nobody can ship it. */
export const NO_ADDRESS_TO_SHIP =
  'This order has no shipping address yet; the customer has been asked for one';

/**
 * Ships some or all of what a paid order still has to ship, as one parcel: each line's units leave
 * the shelf and the reservation (a `sale` movement), the parcel is kept with its carrier and
 * tracking number, and the order becomes `partially_shipped` or `shipped`. Without `lines`, every
 * unit left is in the parcel (the spec's Ship button).
 */
export async function createShipment(
  db: Db,
  outbox: Outbox,
  id: string,
  adminId: string,
  input: Partial<ShipmentInput>,
): Promise<Order> {
  if (!isUuid(id)) throw new OrderNotFound();
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (closedUnpaidStatuses.includes(row.status) && row.paidAt === null) throw new OrderNotFound();
    if (row.status === 'shipped') throw new AppError('CONFLICT', 'This order is already shipped');
    if (!orderMachine.can(row.status, 'ship_part'))
      throw new AppError('CONFLICT', afterSaleMessages.notShippable);
    // A parcel needs somewhere to go: an order paid before its address was given waits for it
    // (the customer was asked for one in the payment mail and on the order page).
    if (row.shippingAddress === null) throw new AfterSaleRefused('CONFLICT', NO_ADDRESS_TO_SHIP);
    // Parts added after a card payment are paid for before anything leaves (decision 104).
    if (row.balanceDueCents > 0) throw new AfterSaleRefused('CONFLICT', balanceDueWords(row.balanceDueCents));
    const lines = await orderLinesOf(tx, row.id);
    const wanted = input.lines
      ? input.lines.map((want) => {
          const line = lines.find((l) => l.productId === want.productId);
          if (!line) throw new AfterSaleRefused('VALIDATION_FAILED', afterSaleMessages.lineNotInOrder);
          if (want.quantity > unshippedOf(line))
            throw new AfterSaleRefused(
              'CONFLICT',
              afterSaleMessages.tooManyToShip(line.productName, unshippedOf(line)),
            );
          return { line, quantity: want.quantity };
        })
      : lines.filter((l) => unshippedOf(l) > 0).map((line) => ({ line, quantity: unshippedOf(line) }));
    if (wanted.length === 0) throw new AfterSaleRefused('CONFLICT', afterSaleMessages.nothingToShip);
    const complete = lines.every(
      (l) => unshippedOf(l) === (wanted.find((w) => w.line.productId === l.productId)?.quantity ?? 0),
    );
    const locationId = input.locationId ?? (await parcelPlace(tx, row.id, wanted));
    await moveStock(
      tx,
      wanted.map((w) => ({
        productId: w.line.productId,
        orderId: row.id,
        onHand: -w.quantity,
        reserved: -w.quantity,
        reason: 'sale',
        locationId,
      })),
    );
    for (const w of wanted) {
      await tx
        .update(orderLines)
        .set({ shippedQuantity: sql`${orderLines.shippedQuantity} + ${w.quantity}` })
        .where(and(eq(orderLines.orderId, row.id), eq(orderLines.lineNo, w.line.lineNo)));
    }
    const [parcel] = await tx
      .insert(shipments)
      .values({
        orderId: row.id,
        carrier: input.carrier || null,
        trackingNumber: input.trackingNumber || null,
        lines: wanted.map((w) => ({ productId: w.line.productId, quantity: w.quantity })),
        locationId,
        actorUserId: adminId,
      })
      .returning();
    if (!parcel) throw new Error('insert returned no row');
    const shipped = await applyOrderEvent(
      tx,
      row,
      {
        type: 'ship',
        shipment: { id: parcel.id, carrier: parcel.carrier, trackingNumber: parcel.trackingNumber },
        complete,
      },
      { outbox, actor: 'admin', actorUserId: adminId },
    );
    return toOneOrder(tx, shipped);
  });
}

/**
 * Where a parcel leaves from when staff do not say: the place holding the most of the units it
 * takes for this order (the first in pick order on a tie). The units held elsewhere are taken
 * from this place's shelf if it has them, else the parcel is refused by the place's count.
 */
async function parcelPlace(
  tx: Tx,
  orderId: string,
  wanted: { line: { productId: string }; quantity: number }[],
): Promise<string | null> {
  const held = await heldByOrder(tx, orderId);
  const score = new Map<string, { units: number; pickOrder: number }>();
  for (const h of held) {
    const want = wanted.find((w) => w.line.productId === h.productId)?.quantity ?? 0;
    const s = score.get(h.locationId) ?? { units: 0, pickOrder: h.pickOrder };
    s.units += Math.min(want, h.units);
    score.set(h.locationId, s);
  }
  const [best] = [...score.entries()].sort(
    (a, b) => b[1].units - a[1].units || a[1].pickOrder - b[1].pickOrder,
  );
  return best?.[0] ?? null;
}

/**
 * The spec's PUT /manage/:id (the Ship button): every unit left, carrier and tracking optional.
 * A parcel leaves from one place (decision 099): an order held at several places ships as one
 * parcel from each, in pick order, with the same carrier and tracking.
 */
export async function shipOrder(
  db: Db,
  outbox: Outbox,
  id: string,
  adminId: string,
  tracking: { carrier?: string | undefined; trackingNumber?: string | undefined } = {},
): Promise<Order> {
  const given = {
    ...(tracking.carrier ? { carrier: tracking.carrier } : {}),
    ...(tracking.trackingNumber ? { trackingNumber: tracking.trackingNumber } : {}),
  };
  const held = isUuid(id) ? await heldByOrder(db, id) : [];
  const places = [...new Set(held.map((h) => h.locationId))];
  if (places.length < 2) return createShipment(db, outbox, id, adminId, given);
  let shipped: Order | undefined;
  for (const locationId of places) {
    const lines = held
      .filter((h) => h.locationId === locationId)
      .map((h) => ({ productId: h.productId, quantity: h.units }));
    shipped = await createShipment(db, outbox, id, adminId, { ...given, lines, locationId });
  }
  return shipped as Order;
}
