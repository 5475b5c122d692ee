import { eq } from 'drizzle-orm';
import { ADDRESS_LOCKED, type OrderAddressInput } from '../../../contract/after-sale';
import { isUuid } from '../../../contract/ids';
import type { Order } from '../../../contract/orders';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { listAddresses } from '../addresses/addresses.service';

import { type PricingRules, taxFor } from '../pricing/pricing';
import { OrderNotFound } from './order-errors';
import { toOneOrder } from './order-read';
import { lockOrder, recordEvent } from './order-state';

/**
 * Gives an order placed without an address (the spec's order modal) its shipping address. Before
 * payment the tax is worked out again for the address's state, so the payment page charges what
 * is right; once paid, only an order still waiting for an address takes one, and nothing it was
 * charged changes. The address is copied onto the order, as checkout does.
 */
export async function setOrderAddress(
  db: Db,
  me: SessionUser,
  id: string,
  input: OrderAddressInput,
  pricing: PricingRules,
): Promise<Order> {
  if (!isUuid(id)) throw new OrderNotFound();
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, id, me.id);
    const address = input.address ?? (await listAddresses(tx, me.id)).find((a) => a.id === input.addressId);
    if (!address) throw notFound('Address');
    const { id: _id, isDefault: _default, ...copy } = { id: '', isDefault: false, ...address };
    const waiting =
      ['awaiting_shipment', 'partially_shipped'].includes(row.status) && row.shippingAddress === null;
    if (row.status !== 'unpaid' && !waiting) throw new AppError('CONFLICT', ADDRESS_LOCKED);
    const changes: Partial<typeof orders.$inferInsert> = { shippingAddress: copy };
    if (row.status === 'unpaid') {
      // The shipping was priced when the order was placed; only the place's tax changes. It is
      // owed on what the goods sold for (the subtotal, core charges included, less any discount).
      const tax = taxFor(
        pricing,
        { subtotalCents: row.subtotalCents - row.discountCents, shippingCents: row.shippingCents },
        { region: copy.region, country: copy.country },
      );
      Object.assign(changes, {
        taxCents: tax.taxCents,
        shippingTaxCents: tax.shippingTaxCents,
        taxRateBasisPoints: tax.taxRateBasisPoints,
        totalCents: row.subtotalCents - row.discountCents + row.shippingCents + tax.taxCents,
      });
    }
    const [updated] = await tx.update(orders).set(changes).where(eq(orders.id, row.id)).returning();
    if (!updated) throw new Error('order vanished under its lock');
    await recordEvent(
      tx,
      updated,
      'address_given',
      row.status,
      { actor: 'customer', actorUserId: me.id },
      new Date(),
    );
    return toOneOrder(tx, updated);
  });
}
