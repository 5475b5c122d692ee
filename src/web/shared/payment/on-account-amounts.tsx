import { OrderAmounts, paidWith } from '@web/shared/orders/order-parts';

/**
 * The trade account's part of an order (decision 102) as its pages show it. `OrderAmounts` and
 * `paidWith` themselves show it, for the customer's pages and staff's alike; these names stay for
 * the customer's pages (order, payment, checkout done) and the checkout's summary.
 */
export { OnAccountRow } from '@web/shared/orders/order-parts';

/** An order's amounts for its customer: `OrderAmounts`, with the part charged to the account "On account". */
export const CustomerOrderAmounts = OrderAmounts;

/** How the order was paid: "Paid on account" for one charged to the trade account, else as `paidWith`. */
export const customerPaidWith = paidWith;
