import type { ModuleDescriptor } from '../../kernel/jobs';

/** Pricing writes nothing; it reads the facts of each product it prices (price, weight, tax class). */
export const pricingModule: ModuleDescriptor = { name: 'modules/pricing', reads: ['products'] };

export { underDiscountRule } from './discounts';
export { tradePricesOf } from './own-prices';
export {
  type Destination,
  FLAT_METHODS,
  goodsOf,
  lineTaxes,
  loadProductFacts,
  type PricingRules,
  parcelWeight,
  productFactColumns,
  quoteFrom,
  quoteLines,
  shippingQuote,
  stockOfProduct,
  taxFor,
  taxOwed,
  totalsFor,
} from './pricing';
export {
  type RefundableLine,
  type RefundableOrder,
  type RefundShares,
  refundShares,
  restockingFee,
  shippingTaxShare,
  soldFor,
  taxShare,
  unitsRefund,
} from './refund-shares';
export { dayOf, exemptionFor, type ListedProduct, tradeUnitPrice } from './trade-prices';
