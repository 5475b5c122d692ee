import type { StoreSettings } from '../../../contract/settings';

/** How long an unpaid order holds its stock, and how much one customer's unpaid orders may hold. */
export interface OrderLimits {
  holdMs: number;
  maxUnpaidOrders: number;
  maxReservedUnits: number;
  /** A guest's unpaid order holds its stock this long (at most `holdMs`; decision 073). */
  guestHoldMs: number;
  /** The share of a product's units on hand unpaid guest orders may hold at once, in %. */
  guestStockSharePercent: number;
  /** The "waiting for payment" mail goes this long after the order, if it is still unpaid then. */
  waitingMailMs: number;
  /** Days an invoice on account may be overdue before its account orders on account no more. */
  accountOverdueDays: number;
}

/** The order hold and caps of the settings, in the orders module's terms. */
export const orderLimitsOf = (settings: StoreSettings): OrderLimits => ({
  holdMs: Math.round(settings.orders.holdMinutes * 60_000),
  maxUnpaidOrders: settings.orders.maxUnpaidOrders,
  maxReservedUnits: settings.orders.maxUnpaidUnits,
  guestHoldMs: Math.round(settings.orders.guestHoldMinutes * 60_000),
  guestStockSharePercent: settings.orders.guestStockSharePercent,
  waitingMailMs: Math.round(settings.orders.waitingMailMinutes * 60_000),
  accountOverdueDays: settings.orders.accountOverdueDays,
});
