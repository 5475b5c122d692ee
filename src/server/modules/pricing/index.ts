export {
  type Destination,
  FLAT_METHODS,
  lineTaxes,
  loadToolFacts,
  type PricingRules,
  parcelWeight,
  quoteFrom,
  quoteLines,
  shippingQuote,
  taxFor,
  toolFactColumns,
  totalsFor,
} from './pricing';
