import { fromWireStatus, type OrderStatus, type WireOrderStatus } from './orders';

/**
 * The one table of legal moves of an order: for each event, the statuses it may leave. The
 * server's transition function (`applyOrderEvent`) refuses any other move with 409; the web app
 * offers its buttons from `orderActions` below, which never goes beyond this table. A payment may
 * still arrive for an unpaid order that was cancelled or expired while the customer was paying:
 * it revives the order if its stock can be taken again.
 */
export const orderEventFrom = {
  pay: ['unpaid', 'expired', 'cancelled'],
  ship: ['awaiting_shipment', 'partially_shipped'],
  cancel: ['unpaid', 'awaiting_shipment'],
  expire: ['unpaid'],
  refund: ['awaiting_shipment', 'partially_shipped', 'shipped', 'partially_refunded'],
  partial_refund: ['awaiting_shipment', 'partially_shipped', 'shipped', 'partially_refunded'],
} as const satisfies Record<string, readonly OrderStatus[]>;

export type OrderEventName = keyof typeof orderEventFrom;

/** Whether the table lets `event` leave `status`. */
export const eventLeaves = (event: OrderEventName, status: OrderStatus): boolean =>
  (orderEventFrom[event] as readonly OrderStatus[]).includes(status);

/**
 * What the screens offer on an order, by status: each action is one event of the table above (a
 * request to cancel is decided by staff, who then cancel), offered from the statuses listed, which
 * are some of those the event may leave (`order-transitions.test.ts` checks it). Narrower where a
 * screen is: nobody is asked to pay an order that ended, though a late payment still revives it;
 * the spec's Ship button ships a whole order that has not started shipping. What is not a status
 * (a parcel already left, a request already made) the screen checks on the order itself.
 */
export const orderActions = {
  /** The customer's Pay (My Orders, the order page, the payment page, a guest's order page). */
  pay: { event: 'pay', from: ['unpaid'] },
  /** The spec's Delete of an unpaid order, by its customer, a guest or an admin. */
  delete: { event: 'cancel', from: ['unpaid'] },
  /** The spec's Ship of the whole order (Manage All Orders, the admin's order page). */
  ship: { event: 'ship', from: ['awaiting_shipment'] },
  /** Ship some lines as a parcel, also after a first parcel left. */
  shipSome: { event: 'ship', from: ['awaiting_shipment', 'partially_shipped'] },
  /** Staff cancel a paid order nothing of which shipped, with a full refund. */
  cancelPaid: { event: 'cancel', from: ['awaiting_shipment'] },
  /** A customer or guest asks staff to cancel a paid order nothing of which shipped. */
  askToCancel: { event: 'cancel', from: ['awaiting_shipment'] },
} as const satisfies Record<string, { event: OrderEventName; from: readonly OrderStatus[] }>;

export type OrderAction = keyof typeof orderActions;

/** Whether a screen offers `action` on an order whose status the API sent (the spec's word, `pending`). */
export const offers = (action: OrderAction, status: WireOrderStatus): boolean =>
  (orderActions[action].from as readonly OrderStatus[]).includes(fromWireStatus(status));
