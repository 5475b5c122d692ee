import { z } from 'zod';
import { CART_MAX_LINES, LineInput, Quote } from './pricing';

/**
 * A signed-in customer's cart lives on the server (GET /cart answers it priced, as a Quote); a
 * visitor's lives in the browser and is merged in at sign-in (POST /cart/merge).
 */
export const Cart = Quote;
export type Cart = Quote;

/** PUT /cart/:productId: the line's new quantity (the product's minimum and stock apply). */
export const CartLineQuantity = z.object({ quantity: LineInput.shape.quantity });

/** POST /cart/merge: a visitor's lines; each adds to the same product's line, capped at the stock. */
export const CartMergeInput = z.object({ lines: z.array(LineInput).max(CART_MAX_LINES) });

export const CART_EMPTY = 'Your cart is empty';
export const cartFullMessage = (max: number) => `A cart holds at most ${max} different products`;
export { VISITOR_CART_KEY } from './cart.constants';
