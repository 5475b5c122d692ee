import type { StoreSettings } from '../../../contract/settings';
import type { Config } from '../config';

/** What a product without a weight of its own counts as, until the owner says otherwise. */
export const DEFAULT_WEIGHT_LB = 1;

/**
 * The settings of a store whose owner has saved nothing: what the environment says (README:
 * configuration). A section the owner saves replaces its default whole; the others keep following
 * the environment.
 */
export function defaultSettings(config: Config): StoreSettings {
  const { pricing } = config;
  return {
    store: {
      brand: config.store.brand,
      wordmark: config.store.wordmark,
      contact: { ...config.store.contact },
    },
    shipping: {
      standardCents: pricing.standardCents,
      expressCents: pricing.expressCents,
      freeStandardOverCents: pricing.freeStandardOverCents,
      defaultWeightLb: DEFAULT_WEIGHT_LB,
      zones: [],
    },
    tax: {
      defaultRateBasisPoints: pricing.taxBasisPoints,
      taxShippingByDefault: false,
      // TAX_RATES names regions only ("MI=6"): they apply in any country, as they always did.
      rates: Object.entries(pricing.taxByRegion).map(([region, rateBasisPoints]) => ({
        country: null,
        region,
        rateBasisPoints,
        taxShipping: false,
      })),
    },
    orders: {
      holdMinutes: config.orders.holdMs / 60_000,
      maxUnpaidOrders: config.orders.maxUnpaidOrders,
      maxUnpaidUnits: config.orders.maxReservedUnits,
      cartReminders: config.cartReminders,
      guestHoldMinutes: config.orders.guestHoldMs / 60_000,
      guestStockSharePercent: config.orders.guestStockSharePercent,
      waitingMailMinutes: config.orders.waitingMailMs / 60_000,
      accountOverdueDays: 30,
    },
    returns: { ...config.returns },
    inventory: { lowStockFactor: config.lowStockFactor },
    // Reviews from people who bought nothing wait for a manager (decision 077).
    reviews: { hold: 'nonBuyers' },
  };
}
