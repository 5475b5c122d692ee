import { z } from 'zod';
import { reportDay } from './reports';

/**
 * The books (docs/books.md, decision 091): what the store sold, gave back and collected in a
 * period, every figure a sum of the orders', refunds' and payments' own rows. Each figure belongs
 * to one date: a sale to its order's payment, a refund to the moment it succeeded, a payment to
 * the moment it arrived. The same definitions are the finance page's help, below.
 */

export const bookGroupings = ['day', 'week', 'month'] as const;
export type BookGrouping = (typeof bookGroupings)[number];

/** GET /manage/books and its files: a period of whole UTC days, both ends included, and how the series is grouped. */
export const BooksQuery = z
  .object({
    from: reportDay,
    to: reportDay,
    group: z.enum(bookGroupings).default('month'),
  })
  .refine((q) => q.from <= q.to, { message: 'The period must end on or after its start', path: ['to'] });
export type BooksQuery = z.infer<typeof BooksQuery>;
export type BooksQueryInput = z.input<typeof BooksQuery>;

const money = z.number().int();

/**
 * The orders behind a figure of the books, as the order desk's list filters them (GET /manage):
 * paid in a period, refunded in a period (a refund that succeeded then), shipped to a country and
 * state or region, with a line of a product. Each date is the one its figure belongs to.
 */
export const OrdersBehindFigure = z.object({
  paidFrom: reportDay.optional(),
  paidTo: reportDay.optional(),
  refundedFrom: reportDay.optional(),
  refundedTo: reportDay.optional(),
  country: z.string().trim().max(2).optional(),
  region: z.string().trim().max(100).optional(),
  productId: z.string().max(100).optional(),
});
export type OrdersBehindFigure = z.infer<typeof OrdersBehindFigure>;

/** The order desk's address for the orders behind a figure. */
export function ordersBehindQuery(filter: OrdersBehindFigure): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) params.set(key, value);
  return params.toString();
}

/**
 * The summary of a period (or of one day, week or month of it). The figures add up:
 * - netSales = grossSales - discounts - returns
 * - totalSales = netSales + shipping (charged - refunded) + taxes (charged - refunded)
 *   + cores (charged - refunded) + restockingFees - otherRefunds
 * - netCollected = payments - refunds = totalSales + latePayments - latePaymentsRefunded
 * - margin = netSales - costOfGoods (units whose cost was not known count no cost: see unitsWithoutCost)
 */
export const BookFigures = z.object({
  ordersPaid: z.number().int(),
  grossSalesCents: money,
  discountsCents: money,
  returnsCents: money,
  netSalesCents: money,
  shippingChargedCents: money,
  shippingRefundedCents: money,
  taxChargedCents: money,
  taxRefundedCents: money,
  coresChargedCents: money,
  coresRefundedCents: money,
  restockingFeesCents: money,
  otherRefundsCents: money,
  totalSalesCents: money,
  latePaymentsCents: money,
  latePaymentsRefundedCents: money,
  paymentsCents: money,
  refundsCount: z.number().int(),
  refundsCents: money,
  /** Store credit spent on the orders paid in the period (decision 100): paid, but not money. */
  storeCreditUsedCents: money,
  /** Refunds given as store credit rather than to a card: owed, not paid out. */
  storeCreditIssuedCents: money,
  /** Charged to trade accounts' invoices on the orders paid in the period (decision 102): owed, not paid. */
  onAccountChargedCents: money,
  /** Refunds taken off invoices on account rather than paid back. */
  onAccountCreditedCents: money,
  /** Payments received from trade accounts against their invoices, by the day they were received. */
  accountPaymentsCents: money,
  /**
   * Still owed on the orders paid in the period for parts added after their card payment
   * (decision 104): sold, not yet paid. Their payments, once taken, are the orders' own.
   */
  balanceDueCents: money,
  /** Refunds taken off what orders owed for parts added rather than paid back. */
  balanceTakenOffCents: money,
  /** Payments received (cards and accounts) less refunds paid back to cards: the money itself. */
  netCollectedCents: money,
  /** The cost at sale of the units sold, less that of the units refunded. */
  costOfGoodsCents: money,
  marginCents: money,
  /** Units sold or refunded in the period whose cost was not known when they were sold. */
  unitsWithoutCost: z.number().int(),
});
export type BookFigures = z.infer<typeof BookFigures>;

/** Taxes of one state or region, ready for filing: charged at payment, refunded at the refund's date. */
export const TaxJurisdiction = z.object({
  country: z.string(),
  region: z.string(),
  /** What the customers paid before tax: goods after discount, core charges and shipping. */
  salesCents: money,
  salesRefundedCents: money,
  /**
   * Of those sales, the ones carried tax-free under a resale certificate (decision 095), less
   * their refunds: what the state's return reports as exempt sales for resale.
   */
  exemptSalesCents: money,
  taxChargedCents: money,
  taxRefundedCents: money,
  taxNetCents: money,
});
export type TaxJurisdiction = z.infer<typeof TaxJurisdiction>;

export const ProductSales = z.object({
  productId: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  /** The product's category's name and its brand as they are now ('' when it has none). */
  category: z.string(),
  brand: z.string(),
  unitsSold: z.number().int(),
  grossSalesCents: money,
  discountsCents: money,
  unitsRefunded: z.number().int(),
  returnsCents: money,
  netSalesCents: money,
  costOfGoodsCents: money,
  marginCents: money,
});
export type ProductSales = z.infer<typeof ProductSales>;

/** Sales of a category or a brand: the sums of its products' rows. */
export const GroupSales = z.object({
  name: z.string(),
  unitsSold: z.number().int(),
  grossSalesCents: money,
  discountsCents: money,
  returnsCents: money,
  netSalesCents: money,
  costOfGoodsCents: money,
  marginCents: money,
});
export type GroupSales = z.infer<typeof GroupSales>;

/** Why money went back: a return, a core return, a late or second payment, or the words an admin gave. */
export const refundKinds = ['return', 'core', 'late-payment', 'refund'] as const;
export type RefundKind = (typeof refundKinds)[number];
export const refundKindWords: Record<RefundKind, string> = {
  return: 'Returns',
  core: 'Core returns',
  'late-payment': 'Late or second payments',
  refund: 'Refunds',
};

export const RefundReason = z.object({
  kind: z.enum(refundKinds),
  /** The admin's words for a plain refund; the kind's words otherwise. */
  reason: z.string(),
  count: z.number().int(),
  amountCents: money,
});
export type RefundReason = z.infer<typeof RefundReason>;

export const ProviderPayments = z.object({
  provider: z.string(),
  payments: z.number().int(),
  paymentsCents: money,
  refunds: z.number().int(),
  refundsCents: money,
  netCents: money,
});
export type ProviderPayments = z.infer<typeof ProviderPayments>;

export const BooksReport = z.object({
  from: z.string(),
  to: z.string(),
  group: z.enum(bookGroupings),
  summary: BookFigures,
  /** The period by day, week (from Monday) or month, each bucket's first day; only buckets with figures. */
  series: z.array(BookFigures.extend({ start: z.string() })),
  taxes: z.array(TaxJurisdiction),
  products: z.array(ProductSales),
  categories: z.array(GroupSales),
  brands: z.array(GroupSales),
  refundReasons: z.array(RefundReason),
  providers: z.array(ProviderPayments),
});
export type BooksReport = z.infer<typeof BooksReport>;

/** The accountant's files: what each is, and its columns. */
export const bookFiles = ['orders', 'lines', 'refunds', 'taxes', 'payments'] as const;
export type BookFile = (typeof bookFiles)[number];

export const BOOK_FILE_COLUMNS: Record<BookFile, readonly string[]> = {
  // goods - discount + shipping + tax + cores = total, on every row.
  orders: [
    'order_number',
    'invoice_number',
    'paid_at',
    'status',
    'customer_email',
    'country',
    'region',
    'goods',
    'discount',
    'shipping',
    'tax',
    'cores',
    'total',
    /** What store credit paid of the total; the card paid the rest (decision 100). */
    'store_credit',
    'refunded',
    'net',
    'payment_id',
    'provider',
  ],
  lines: [
    'order_number',
    'paid_at',
    'line_no',
    'product_id',
    'sku',
    'part_number',
    'product',
    'quantity',
    'unit_price',
    'goods',
    'discount_share',
    'cores',
    'tax_share',
    'net',
    'unit_cost',
    'cost',
    'margin',
    'refunded_quantity',
  ],
  refunds: [
    'refund_id',
    'credit_note_number',
    'refunded_at',
    'order_number',
    'country',
    'region',
    'kind',
    'reason',
    'goods',
    'cores',
    'tax',
    'shipping',
    'other',
    'amount',
    /** The part of the amount given as store credit, not back to the card. */
    'store_credit',
    'payment_id',
    'provider',
    'provider_refund_id',
  ],
  taxes: [
    'country',
    'region',
    'sales',
    'sales_refunded',
    'exempt_sales',
    'tax_charged',
    'tax_refunded',
    'tax_net',
  ],
  payments: [
    'payment_id',
    'received_at',
    'order_number',
    'kind',
    'provider',
    'amount',
    'card_brand',
    'card_last4',
  ],
};

/** Each figure's meaning and date, as docs/books.md says them: the finance page's help. */
export const bookDefinitions: { term: string; means: string }[] = [
  {
    term: 'Gross sales',
    means:
      'The goods of the orders paid in the period at their list price, before discounts; no tax, shipping or core charges. Dated by the order’s payment.',
  },
  { term: 'Discounts', means: 'What discounts took off those goods. Dated by the order’s payment.' },
  {
    term: 'Returns',
    means:
      'Goods given back by refunds that succeeded in the period (returns and refunds of units), at what they sold for. Dated by the refund.',
  },
  { term: 'Net sales', means: 'Gross sales less discounts and returns.' },
  {
    term: 'Cost of goods and margin',
    means:
      'The cost at sale (kept on each order line when the order was placed) of the units sold, dated by the payment, less that of the units refunded, dated by the refund. Margin = net sales - cost of goods. A unit whose cost was not known counts no cost, and the page says how many there were.',
  },
  {
    term: 'Shipping, taxes, cores',
    means:
      'Charged on the orders paid in the period, refunded by the refunds of the period. Core charges are deposits on old parts, not sales.',
  },
  {
    term: 'Restocking fees',
    means: 'What returns kept of the goods they gave back. Dated by the return’s refund.',
  },
  {
    term: 'Total sales',
    means:
      'Net sales, plus shipping, taxes and cores net of their refunds, plus restocking fees, less other refunds (goodwill).',
  },
  {
    term: 'Late or second payments',
    means:
      'Payments that arrived for an order already paid or released; each is refunded in full. Dated when it arrived.',
  },
  {
    term: 'Payments and refunds',
    means:
      'Money the card provider took (dated by the order’s payment) and gave back to cards (dated by the refund). Net collected = payments - refunds to cards = total sales + late payments - their refunds - store credit used + store credit issued.',
  },
  {
    term: 'Store credit',
    means:
      'What the store owes customers, not money: used is the credit spent on the orders paid in the period (dated by the order’s payment), issued is what refunds gave as credit instead of to a card (dated by the refund). Refunds paid count both.',
  },
];
