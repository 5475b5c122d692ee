import { defineMachine } from './state-machine';

/**
 * The order's money as a machine beside its fulfilment, as Saleor keeps a charge status beside
 * the order status: nothing charged, charged, some of it refunded, all of it refunded. A refund
 * takes `refund_part` or `refund_rest` by what it leaves (the amounts decide which: pricing's
 * business, not the machine's); a cancelled paid order is refunded in full. The admin's Refund
 * button is this machine's `refund` action.
 */
export const chargeStatuses = ['not_charged', 'charged', 'partially_refunded', 'refunded'] as const;
export type ChargeStatus = (typeof chargeStatuses)[number];

export const moneyMachine = defineMachine({
  name: 'money',
  states: chargeStatuses,
  transitions: {
    /** The card provider confirmed the order's payment (its first, or a late one that revived it). */
    charge: { not_charged: 'charged' },
    /** A refund that leaves some of the money paid. */
    refund_part: { charged: 'partially_refunded', partially_refunded: 'partially_refunded' },
    /** A refund of all the money left. */
    refund_rest: { charged: 'refunded', partially_refunded: 'refunded' },
  },
  actions: {
    /** Staff refund lines, shipping or an amount (the dialog says how much is left). */
    refund: { event: 'refund_part' },
  },
});

export type MoneyEvent = (typeof moneyMachine.events)[number];

/**
 * The charge status of an order as the API sends it: whether it was paid and how much went back
 * (the order's `paid` and `refundState`). The server keeps the same status in `orders.charge_status`.
 */
export function chargeStatusOf(order: {
  paid: boolean;
  refundState: 'none' | 'partial' | 'full';
}): ChargeStatus {
  if (!order.paid) return 'not_charged';
  return order.refundState === 'full'
    ? 'refunded'
    : order.refundState === 'partial'
      ? 'partially_refunded'
      : 'charged';
}

/** The money event of a refund that brings what went back to `refundedCents` of `paidCents`. */
export const refundEvent = (refundedCents: number, paidCents: number): MoneyEvent =>
  refundedCents >= paidCents ? 'refund_rest' : 'refund_part';
