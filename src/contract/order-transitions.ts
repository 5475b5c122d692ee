import { fromWireStatus, type OrderStatus, orderStatuses, type WireOrderStatus } from './orders';
import { defineMachine } from './state-machine';

/**
 * The order's fulfilment as a machine (src/contract/state-machine.ts): for each event, the status
 * it leads to from each status it may leave. The server's transition function (`applyOrderEvent`)
 * refuses any other move with 409; the web app offers its buttons from `offers` below, which never
 * goes beyond this table. A payment may still arrive for an unpaid order that was cancelled or
 * expired while the customer was paying: it revives the order if its stock can be taken again.
 * Money is the money machine's (money-transitions.ts): a partial refund leaves the fulfilment
 * where it was, unless what it refunded was all that was left to ship.
 * `partially_refunded` is a word of the wire and of old rows only: no move leads to or leaves it
 * (migration 0036 gave such rows their fulfilment status back, their charge status says the rest).
 *
 * The screens' actions: each is one event of the table (a request to cancel is decided by staff,
 * who then cancel), offered from some of the statuses the event may leave. Narrower where a screen
 * is: nobody is asked to pay an order that ended, though a late payment still revives it; the
 * spec's Ship button ships a whole order that has not started shipping. What is not a status (a
 * parcel already left, a request already made) the screen checks on the order itself.
 */
export const orderMachine = defineMachine({
  name: 'order',
  states: orderStatuses,
  transitions: {
    pay: { unpaid: 'awaiting_shipment', expired: 'awaiting_shipment', cancelled: 'awaiting_shipment' },
    /** A parcel with every unit left to ship. */
    ship: { awaiting_shipment: 'shipped', partially_shipped: 'shipped' },
    /** A parcel with some of them. */
    ship_part: { awaiting_shipment: 'partially_shipped', partially_shipped: 'partially_shipped' },
    cancel: { unpaid: 'cancelled', awaiting_shipment: 'cancelled' },
    expire: { unpaid: 'expired' },
    /** All the money went back: what the order still reserved is released. */
    refund: { awaiting_shipment: 'refunded', partially_shipped: 'refunded', shipped: 'refunded' },
    /** Some money went back; the order goes on as it was. */
    partial_refund: {
      awaiting_shipment: 'awaiting_shipment',
      partially_shipped: 'partially_shipped',
      shipped: 'shipped',
    },
    /** Some money went back, and with it every unit that was left to ship: the rest had shipped. */
    partial_refund_rest: { partially_shipped: 'shipped' },
  },
  actions: {
    /** The customer's Pay (My Orders, the order page, the payment page, a guest's order page). */
    pay: { event: 'pay', from: ['unpaid'] },
    /** The spec's Delete of an unpaid order, by its customer, a guest or an admin. */
    delete: { event: 'cancel', from: ['unpaid'] },
    /** The spec's Ship of the whole order (Manage All Orders, the admin's order page). */
    ship: { event: 'ship', from: ['awaiting_shipment'] },
    /** Ship some lines as a parcel, also after a first parcel left. */
    shipSome: { event: 'ship_part' },
    /** Staff cancel a paid order nothing of which shipped, with a full refund. */
    cancelPaid: { event: 'cancel', from: ['awaiting_shipment'] },
    /** A customer or guest asks staff to cancel a paid order nothing of which shipped. */
    askToCancel: { event: 'cancel', from: ['awaiting_shipment'] },
  },
});

export type OrderMachineEvent = (typeof orderMachine.events)[number];
export type OrderAction = keyof typeof orderMachine.actions;
export const orderActions = orderMachine.actions;

/** Whether a screen offers `action` on an order whose status the API sent (the spec's word, `pending`). */
export const offers = (action: OrderAction, status: WireOrderStatus): boolean =>
  orderMachine.offers(fromWireStatus(status)).includes(action);

/** The statuses an order event may leave (for a statement that names them, such as a payment's). */
export const orderEventLeaves = (event: OrderMachineEvent): OrderStatus[] => orderMachine.leaves(event);
