/**
 * Cart constants the web app's first load needs without the zod schemas of cart.ts (the navigation
 * counts a visitor's cart on every page).
 */

/** The key a visitor's cart is kept under in the browser. */
export const VISITOR_CART_KEY = 'tw.cart';
