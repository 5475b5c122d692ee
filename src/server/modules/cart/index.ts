import type { ModuleDescriptor } from '../../kernel/jobs';

/** A signed-in customer's cart; `cart_activity` follows it by trigger (decision 060). */
export const cartModule: ModuleDescriptor = {
  name: 'modules/cart',
  tables: ['cart_lines'],
  tablesKeptByTriggers: ['cart_activity'],
  // A cart is priced and checked against the product rows in the same query.
  reads: ['products'],
};

export {
  clearCart,
  getCart,
  mergeCart,
  putBackInCart,
  removeCartLine,
  setCartLine,
  takeCart,
} from './cart.service';
