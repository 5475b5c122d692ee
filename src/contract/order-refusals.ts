import type { ErrorCode, FieldIssue } from './errors';
import { outOfStockMessage } from './inventory';
import { maximumQuantityMessage, minimumQuantityMessage } from './orders';

/**
 * Why placing an order refuses a line, as codes: the orders' domain says what went wrong, never
 * in whose words. Each page that places orders has its words for each code, below (the spec's
 * order modal has its own; the checkout, a guest's included, names the product).
 */
export const orderRefusalCodes = [
  /** The product is not sold (unknown, or retired when its stock fell short). */
  'not-sold',
  /** The product was retired after the buyer saw it. */
  'retired',
  /** Fewer units than the product's minimum order quantity. */
  'below-minimum',
  /** More units than are left. */
  'out-of-stock',
] as const;
export type OrderRefusalCode = (typeof orderRefusalCodes)[number];

export interface OrderRefusal {
  code: OrderRefusalCode;
  productName: string;
  /** The line asked for, as the request numbered it (from 0). */
  line: number;
  quantity: number;
  minimum: number;
  /** Units left, where stock is the reason. */
  left: number;
}

/** The pages that place orders. */
export type OrderPage = 'orderModal' | 'checkout';

/** A refusal as a page answers it: the API's error code, its message, and the field it is about. */
export interface RefusalInWords {
  code: ErrorCode;
  message: string;
  issues?: FieldIssue[];
}

const notFound = { code: 'NOT_FOUND', message: 'Tool was not found' } as const;
const field = (message: string, path: string): RefusalInWords => ({
  code: 'VALIDATION_FAILED',
  message,
  issues: [{ path, message }],
});

/** Each page's words for each refusal, word for word as the spec and the pages have them. */
export const orderRefusalWords: Record<
  OrderPage,
  Record<OrderRefusalCode, (r: OrderRefusal) => RefusalInWords>
> = {
  /** The spec's order modal: one line, its quantity field, its own messages. */
  orderModal: {
    'not-sold': () => notFound,
    retired: () => notFound,
    'below-minimum': (r) => field(minimumQuantityMessage(r.minimum), 'orderQuantity'),
    'out-of-stock': (r) =>
      r.quantity < r.minimum
        ? field(minimumQuantityMessage(r.minimum), 'orderQuantity')
        : r.left < r.minimum
          ? { code: 'OUT_OF_STOCK', message: outOfStockMessage(r.productName, 0) }
          : field(maximumQuantityMessage(r.left), 'orderQuantity'),
  },
  /** The checkout (a customer's or a guest's): each message names its product. */
  checkout: {
    'not-sold': () => notFound,
    retired: (r) => ({
      code: 'CONFLICT',
      message: `${r.productName} is no longer sold. Remove it from your cart to go on.`,
    }),
    'below-minimum': (r) =>
      field(`${r.productName}: ${minimumQuantityMessage(r.minimum)}`, `lines.${r.line}.quantity`),
    'out-of-stock': (r) => ({ code: 'OUT_OF_STOCK', message: outOfStockMessage(r.productName, r.left) }),
  },
};
