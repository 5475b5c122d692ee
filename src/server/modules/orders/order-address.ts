import { eq } from 'drizzle-orm';
import { ADDRESS_LOCKED, type OrderAddressInput } from '../../../contract/after-sale';
import { isUuid } from '../../../contract/ids';
import type { Order } from '../../../contract/orders';
import type { Db, Tx } from '../../kernel/db';
import { orders } from '../../kernel/db';
import { AppError, notFound } from '../../kernel/errors';
import type { SessionUser } from '../../kernel/identity';
import type { Outbox } from '../../kernel/outbox';
import { buyerTerms } from '../accounts';
import { listAddresses } from '../addresses';
import {
  exemptionFor,
  goodsOf,
  loadProductFacts,
  type PricingRules,
  parcelWeight,
  shippingQuote,
  taxOwed,
} from '../pricing';
import { OrderNotFound } from './order-errors';
import { toOneOrder } from './order-read';
import { lockOrder, type OrderRow, orderLinesOf, recordEvent } from './order-state';

/**
 * Gives an order placed without an address (the spec's order modal) its shipping address. Before
 * payment its shipping and tax are quoted again for the address (`requote`), so the payment page
 * charges what is right; once paid, only an order still waiting for an address takes one, and
 * nothing it was charged changes. The address is copied onto the order, as checkout does.
 * A trade buyer's resale certificate (decision 095) is read here, on the server, as checkout reads
 * it: an address in a state it covers, on or before its expiry day, leaves the order untaxed.
 */
export async function setOrderAddress(
  db: Db,
  outbox: Outbox,
  me: SessionUser,
  id: string,
  input: OrderAddressInput,
  pricing: PricingRules,
  now: Date = new Date(),
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
    if (row.status === 'unpaid') Object.assign(changes, await requote(tx, row, copy, pricing, now));
    const [updated] = await tx.update(orders).set(changes).where(eq(orders.id, row.id)).returning();
    if (!updated) throw new Error('order vanished under its lock');
    await recordEvent(
      tx,
      updated,
      'address_given',
      row.status,
      { outbox, actor: 'customer', actorUserId: me.id },
      now,
    );
    return toOneOrder(tx, updated);
  });
}

/**
 * An unpaid order's shipping and tax for the address it now has. The order modal priced its
 * shipping to the home country with no region; the address's zone may price the parcel otherwise
 * (by the products' weights as the catalog has them now), or not carry it at all, which is
 * refused with the reason. The method stays the one ordered where the zone offers it. A
 * free-shipping discount the order took waives the new price too; its discount on the goods is
 * what it was. Tax is owed on what the goods sold for (the subtotal, core charges included, less
 * the discount) and on the shipping where the place taxes it, unless the buyer's certificate
 * covers the address that day: then none, and the order keeps the certificate's number. The terms
 * are held in share mode, as placing an order holds them, so a certificate being changed waits.
 */
async function requote(
  tx: Tx,
  row: OrderRow,
  to: { region: string; country: string },
  pricing: PricingRules,
  now: Date,
): Promise<Partial<typeof orders.$inferInsert>> {
  const lines = await orderLinesOf(tx, row.id);
  const facts = await loadProductFacts(
    tx,
    lines.map((l) => l.productId),
  );
  const quote = shippingQuote(
    pricing,
    {
      subtotalCents: goodsOf(lines).goodsCents,
      weightMilliLb: parcelWeight(
        lines.map((l) => ({ weightLb: facts.get(l.productId)?.weightLb ?? null, quantity: l.quantity })),
        pricing.shipping.defaultWeightLb,
      ),
      groundOnly: lines.some((l) => facts.get(l.productId)?.groundOnly),
    },
    to,
  );
  const option = quote.options.find((o) => o.method === row.shippingMethod) ?? quote.options[0];
  if (!option) throw new AppError('CONFLICT', quote.problem ?? 'We cannot ship to this address');
  const priceCents = row.subtotalCents === 0 ? 0 : option.priceCents;
  const shippingDiscountCents = row.shippingDiscountCents > 0 ? priceCents : 0;
  const shippingCents = priceCents - shippingDiscountCents;
  const exempt = exemptionFor(
    await buyerTerms(tx, row.userId, { lock: true, storeHasAny: pricing.tradeAccounts }),
    to,
    now,
  );
  const tax = taxOwed(
    pricing,
    { subtotalCents: row.subtotalCents - row.discountCents, shippingCents },
    to,
    exempt,
  );
  return {
    shippingMethod: option.method,
    shippingLabel: option.label,
    shippingCents,
    shippingDiscountCents,
    taxCents: tax.taxCents,
    shippingTaxCents: tax.shippingTaxCents,
    taxRateBasisPoints: tax.taxRateBasisPoints,
    taxExemptCertificate: exempt,
    totalCents: row.subtotalCents - row.discountCents + shippingCents + tax.taxCents,
  };
}
