import type { StorePolicies } from '../../../contract/policies';
import type { StoreSettings } from '../../../contract/settings';
import { FLAT_METHODS } from '../../modules/pricing';

/**
 * The public part of the shipping and returns settings: what the policy pages say. Zone and method
 * codes stay inside (an order records them; a buyer reads names).
 */
export function storePolicies(settings: StoreSettings): StorePolicies {
  const { shipping, returns } = settings;
  return {
    shipping: {
      zones: shipping.zones.map((zone) => ({
        name: zone.name,
        areas: zone.areas,
        methods: zone.methods.map((method) => ({
          name: method.name,
          estimate: method.estimate,
          mode: method.mode,
          brackets: method.brackets.map((b) => ({ upToLb: b.upToLb, priceCents: b.priceCents })),
          freeOverCents: method.freeOverCents,
        })),
      })),
      flat: {
        standard: { name: FLAT_METHODS.standard.label, estimate: FLAT_METHODS.standard.estimate },
        express: { name: FLAT_METHODS.express.label, estimate: FLAT_METHODS.express.estimate },
        standardCents: shipping.standardCents,
        expressCents: shipping.expressCents,
        freeStandardOverCents: shipping.freeStandardOverCents,
      },
      defaultWeightLb: shipping.defaultWeightLb,
    },
    returns: { windowDays: returns.windowDays, restockingFeePercent: returns.restockingFeePercent },
  };
}
