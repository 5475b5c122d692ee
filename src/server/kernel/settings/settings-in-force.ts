import type { StoreSettings } from '../../../contract/settings';
import type { OrderLimits } from '../../modules/orders/place-order';

/** The order hold and caps of the settings, in the orders module's terms. */
export const orderLimitsOf = (settings: StoreSettings): OrderLimits => ({
  holdMs: Math.round(settings.orders.holdMinutes * 60_000),
  maxUnpaidOrders: settings.orders.maxUnpaidOrders,
  maxReservedUnits: settings.orders.maxUnpaidUnits,
  guestHoldMs: Math.round(settings.orders.guestHoldMinutes * 60_000),
  guestStockSharePercent: settings.orders.guestStockSharePercent,
  waitingMailMs: Math.round(settings.orders.waitingMailMinutes * 60_000),
});
