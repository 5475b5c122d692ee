import type { ModuleDescriptor } from '../../kernel/jobs';

/** Codes and automatic discounts, and each use taken (decisions 057, 058). */
export const discountsModule: ModuleDescriptor = {
  name: 'modules/discounts',
  tables: ['discounts', 'discount_uses'],
  // An offer names products, categories and brands, matched in its query.
  reads: ['brands', 'categories', 'products'],
};

export { watchAutomaticDiscounts } from './automatic-watch';
export {
  type DiscountOffer,
  type DiscountRule,
  discountBuyer,
  discountOffer,
  type LineFacts,
} from './discount-offer';
export { DiscountGone, redeemDiscount, releaseDiscountUse, retakeDiscountUse } from './discount-uses';
export { createDiscount, endDiscount, getDiscount, listDiscounts, updateDiscount } from './discounts.service';
