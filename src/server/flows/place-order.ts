import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Address } from '../../contract/addresses';
import { CART_EMPTY } from '../../contract/cart';
import { totalChangedMessage } from '../../contract/checkout';
import { isUuid } from '../../contract/ids';
import { formatCents } from '../../contract/money';
import { type OrderPage, orderRefusalWords } from '../../contract/order-refusals';
import type { Order, OrderInput } from '../../contract/orders';
import { groundOnlyMessage, methodNotOfferedMessage, type ShippingMethod } from '../../contract/pricing';
import type { Db, Tx } from '../kernel/db';
import { products } from '../kernel/db';
import { AppError, notFound } from '../kernel/errors';
import type { SessionUser } from '../kernel/identity';
import type { Outbox } from '../kernel/outbox';
import type { OrderLimits } from '../kernel/settings';
import { type BuyerTerms, buyerTerms, RETAIL } from '../modules/accounts';
import { DiscountGone, discountBuyer, discountOffer, redeemDiscount } from '../modules/discounts';
import { moveStock, OutOfStock, readForSale, type StockMove } from '../modules/inventory';
import type { OrderLineRow, OrderRow } from '../modules/orders';
import {
  cancelUnpaidOrder,
  checkGuestCaps,
  checkUnpaidCaps,
  type GuestBuyer,
  holdOf,
  isGuest,
  type NewOrderRow,
  OrderRefused,
  toOrder,
  waitingMailDelay,
  writeNewOrder,
} from '../modules/orders';
import {
  exemptionFor,
  goodsOf,
  loadProductFacts,
  type PricingRules,
  parcelWeight,
  totalsFor,
  tradeUnitPrice,
  underDiscountRule,
} from '../modules/pricing';
import { runSteps, type Step } from './steps';

/** What a new order is made of; prices are never part of it (they are read, and held by the reservation). */
export interface NewOrder {
  lines: { productId: string; quantity: number }[];
  phone: string;
  shippingMethod: ShippingMethod;
  shippingAddress: Address | null;
  /** The checkout's idempotency key. */
  checkoutKey?: string;
  /** The total the buyer was shown: a different total now is refused, not charged. */
  expectedTotalCents?: number;
  /**
   * The spec's POST /order asks for standard shipping and takes the first method offered when the
   * store's zones name it otherwise; a checkout's method must be one offered to its address.
   */
  firstMethodOffered?: boolean;
  /** The discount code the buyer entered (one per order). */
  discountCode?: string | undefined;
}

/** A line that cannot be had: which product, and why, as a code (the page that asked has the words). */
async function lineRefusal(tx: Tx, error: OutOfStock, order: NewOrder) {
  const line = order.lines.findIndex((l) => l.productId === error.productId);
  const [row] = await tx
    .select({ minimum: products.minimumOrderQuantity, retiredAt: products.retiredAt })
    .from(products)
    .where(eq(products.id, error.productId));
  return new OrderRefused({
    code: !row || row.retiredAt ? 'not-sold' : 'out-of-stock',
    productName: error.productName,
    line,
    quantity: order.lines[line]?.quantity ?? 0,
    minimum: row?.minimum ?? 1,
    left: error.left,
  });
}

/**
 * A refusal of placing an order, in the words of the page that placed it; any other error as it was.
 * The flows call it outside the transaction, once everything the order wrote was rolled back.
 */
export function inWordsOf(page: OrderPage, error: unknown): unknown {
  if (!(error instanceof OrderRefused)) return error;
  const words = orderRefusalWords[page][error.refusal.code](error.refusal);
  return new AppError(words.code, words.message, words.issues);
}

/**
 * The order's totals for the method it asked for. The checkout's choice must be one the parcel is
 * offered to its address (an air method never carries a ground-only part; each zone has its own
 * methods); the spec's order modal asks for standard and takes the first method offered when the
 * store's zones name it otherwise. No method at all is refused with the reason.
 */
function orderTotals(
  pricing: PricingRules,
  order: NewOrder,
  parcel: {
    subtotalCents: number;
    coreChargeCents: number;
    weightMilliLb: number;
    groundOnly: { name: string } | undefined;
  },
  discounts: Parameters<typeof totalsFor>[3],
  terms: BuyerTerms,
  now: Date,
) {
  const to = {
    shippingMethod: order.shippingMethod,
    region: order.shippingAddress?.region,
    country: order.shippingAddress?.country,
  };
  const totals = totalsFor(
    pricing,
    { ...parcel, groundOnly: Boolean(parcel.groundOnly) },
    to,
    discounts,
    exemptionFor(terms, to, now),
  );
  if (totals.problem) throw new AppError('CONFLICT', totals.problem);
  if (order.firstMethodOffered || totals.options.some((o) => o.method === order.shippingMethod))
    return totals;
  if (parcel.groundOnly) {
    const byAir = totalsFor(pricing, { ...parcel, groundOnly: false }, to).options.find(
      (o) => o.method === order.shippingMethod,
    );
    if (byAir)
      throw new AppError(
        'CONFLICT',
        groundOnlyMessage(parcel.groundOnly.name, pricing.shipping.zones.length ? byAir.label : undefined),
      );
  }
  throw new AppError('CONFLICT', methodNotOfferedMessage(order.shippingMethod));
}

/** The products an order is about to take, as read (without a lock) before it is priced. */
type ForSale = Awaited<ReturnType<typeof readForSale>>;

/** What the steps of placing an order share, inside the caller's transaction. */
export interface NewOrderContext {
  tx: Tx;
  outbox: Outbox;
  me: SessionUser | GuestBuyer;
  order: NewOrder;
  limits: OrderLimits;
  pricing: PricingRules;
  now: Date;
  /** The order's id, known before its row exists so the reservations' ledger rows can name it. */
  id: string;
  products?: ForSale;
  /** The buyer's price list and certificate (retail for a guest or an ordinary customer). */
  terms?: BuyerTerms;
  /** Each product's category, read only for a buyer whose price list may name one. */
  categories?: Map<string, string | null>;
  lines?: OrderLineRow[];
  priced?: {
    totals: ReturnType<typeof totalsFor>;
    subtotalCents: number;
    discount: ReturnType<typeof totalsFor>['outcome'];
  };
  row?: OrderRow;
}

const found = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`no ${what} before this step`);
  return value;
};

/**
 * Placing an order, top to bottom, inside the caller's transaction: within the buyer's caps, the
 * products are read, what cannot be sold refused, the order priced, its rows written, its discount
 * redeemed, and last every line's stock reserved through the inventory module, on condition that
 * each product is still as read (products locked in id order, so two carts sharing products queue
 * instead of deadlocking; one short line throws and nothing stays reserved).
 *
 * No step here has a compensation of its own: the transaction is their compensation, since a step
 * that fails takes every row written above it back with the rollback (the stock reserved, the
 * order, its lines and history, its outbox message, the discount's use). Once the transaction has
 * committed, the flow that placed it releases the order if a later step of its own fails.
 */
export const newOrderSteps: readonly Step<NewOrderContext>[] = [
  {
    name: 'check the caps',
    run: async (ctx) => {
      const { tx, me, order, limits } = ctx;
      const units = order.lines.reduce((sum, l) => sum + l.quantity, 0);
      if (isGuest(me)) await checkGuestCaps(tx, me, order.shippingAddress, order.lines, limits);
      else await checkUnpaidCaps(tx, me.id, units, limits);
      return undefined;
    },
  },
  {
    name: 'read the products',
    // Read without a lock and priced from that read; their stock is reserved last, just before
    // the commit, on condition that they are still as read (moveStock's asRead). A product many
    // people buy at once is then locked for one statement and the commit, not for the whole
    // order's writes (docs/decisions/070).
    run: async (ctx) => {
      ctx.products = await readForSale(
        ctx.tx,
        ctx.order.lines.map((l) => l.productId),
      );
      return undefined;
    },
  },
  {
    name: "read the buyer's terms",
    // A trade account's price list and certificate (decision 095), held in share mode until the
    // commit, so the order is priced from the terms that stood when it was placed. Never from the
    // request: a guest and an ordinary customer buy at list price.
    run: async (ctx) => {
      const { tx, me, order, pricing } = ctx;
      ctx.terms = isGuest(me)
        ? RETAIL
        : await buyerTerms(tx, me.id, { lock: true, storeHasAny: pricing.tradeAccounts });
      if (ctx.terms.priceList && ctx.terms.priceList.categories.length > 0) {
        const facts = await loadProductFacts(
          tx,
          order.lines.map((l) => l.productId),
        );
        ctx.categories = new Map([...facts].map(([id, f]) => [id, f.categorySlug]));
      }
      return undefined;
    },
  },
  {
    name: 'refuse what cannot be sold',
    run: async (ctx) => {
      const { tx, order, id } = ctx;
      const moved = found(ctx.products, 'products read');
      try {
        if (order.lines.some((l) => l.quantity < 1))
          throw new OutOfStock(order.lines[0]?.productId ?? '', '', 0);
        // What the reservation would refuse, refused now, in the order it would (products in id order).
        for (const line of [...order.lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
          const product = moved.get(line.productId);
          if (!product) throw notFound('Tool');
          if (product.available < line.quantity)
            throw new OutOfStock(line.productId, product.name, product.available);
        }
      } catch (error) {
        if (!(error instanceof OutOfStock)) throw error;
        throw await lineRefusal(tx, error, order);
      }
      ctx.lines = order.lines.map((line, index) => {
        const product = moved.get(line.productId);
        if (!product) throw notFound('Tool');
        const refused = (code: 'retired' | 'below-minimum') =>
          new OrderRefused({
            code,
            productName: product.name,
            line: index,
            quantity: line.quantity,
            minimum: product.minimumOrderQuantity,
            left: product.available,
          });
        if (product.retired) throw refused('retired');
        if (line.quantity < product.minimumOrderQuantity) throw refused('below-minimum');
        return {
          orderId: id,
          lineNo: index + 1,
          productId: line.productId,
          productName: product.name,
          unitPriceCents: tradeUnitPrice(
            ctx.terms?.priceList ?? null,
            {
              id: line.productId,
              priceCents: product.priceCents,
              categorySlug: ctx.categories?.get(line.productId) ?? null,
            },
            line.quantity,
          ),
          quantity: line.quantity,
          shippedQuantity: 0,
          releasedQuantity: 0,
          refundedQuantity: 0,
          returnedQuantity: 0,
          discountCents: 0,
          // The core charge is read with the price, held by the reservation's condition, and kept as sold.
          coreChargeCents: product.coreChargeCents,
          // The cost at sale is copied from the product by the statement that writes the line.
          costCents: null,
          coresRefunded: 0,
          coresReturned: 0,
        };
      });
      return undefined;
    },
  },
  {
    name: 'price the order',
    // Pricing adds it up: goods, core charges, shipping for the method, the discount, tax. The
    // total the buyer was shown, when given, must be the total now.
    run: async (ctx) => {
      const { tx, me, order, pricing, now } = ctx;
      const moved = found(ctx.products, 'products read');
      const lineRows = found(ctx.lines, 'lines');
      const groundOnly = [...moved.values()].find((product) => product.groundOnly);
      const offer = await discountOffer(tx, {
        code: order.discountCode,
        automatic: pricing.automaticDiscounts,
        buyer: discountBuyer(me.email),
        productIds: lineRows.map((l) => l.productId),
        now,
      });
      const terms = found(ctx.terms, "buyer's terms");
      const priceOf = (rows: typeof lineRows, withOffer: boolean) => {
        const goods = goodsOf(rows);
        return orderTotals(
          pricing,
          order,
          {
            subtotalCents: goods.goodsCents,
            coreChargeCents: goods.coreChargeCents,
            weightMilliLb: parcelWeight(
              order.lines.map((l) => ({
                weightLb: moved.get(l.productId)?.weightLb ?? null,
                quantity: l.quantity,
              })),
              pricing.shipping.defaultWeightLb,
            ),
            groundOnly,
          },
          withOffer && offer
            ? {
                offer,
                lines: rows.map((l) => ({
                  productId: l.productId,
                  lineTotalCents: l.unitPriceCents * l.quantity,
                })),
              }
            : undefined,
          terms,
          now,
        );
      };
      // At list prices, for a list whose discounts are the better of the two (decision 102).
      const atList = lineRows.map((l) => ({
        ...l,
        unitPriceCents: moved.get(l.productId)?.priceCents ?? l.unitPriceCents,
      }));
      const chosen = underDiscountRule(
        offer ? terms.priceList?.discountRule : undefined,
        () => priceOf(lineRows, true),
        () => priceOf(lineRows, false),
        () => priceOf(atList, true),
      );
      if (chosen.atList)
        for (const [i, line] of lineRows.entries())
          line.unitPriceCents = atList[i]?.unitPriceCents ?? line.unitPriceCents;
      const totals = chosen.totals;
      const { goodsCents, coreChargeCents } = goodsOf(lineRows);
      // The order's subtotal holds the core charges' own lines too; pricing taxes them with the parts.
      const subtotalCents = goodsCents + coreChargeCents;
      // A code that does not apply is refused with its reason rather than silently left out (one
      // beaten by a better automatic discount is not refused: the buyer pays less, as the page showed).
      const verdict = totals.verdict;
      if (verdict && !verdict.applied && verdict.reason !== 'beaten' && verdict.reason !== 'trade_prices')
        throw new DiscountGone(verdict.message);
      const discount = totals.outcome;
      discount?.lineCents.forEach((cents, index) => {
        const line = lineRows[index];
        if (line) line.discountCents = cents;
      });
      if (order.expectedTotalCents !== undefined && order.expectedTotalCents !== totals.totalCents) {
        throw new AppError('CONFLICT', totalChangedMessage(formatCents(totals.totalCents)));
      }
      ctx.priced = { totals, subtotalCents, discount };
      return undefined;
    },
  },
  {
    name: 'write the order',
    // The order, its lines, its first history row and its outbox message, in one statement.
    run: async (ctx) => {
      const { tx, outbox, me, order, limits, now, id } = ctx;
      const lineRows = found(ctx.lines, 'lines');
      const { totals, subtotalCents, discount } = found(ctx.priced, 'prices');
      if (lineRows.length === 0) throw new AppError('CONFLICT', CART_EMPTY);
      const values: NewOrderRow = {
        id,
        userId: isGuest(me) ? null : me.id,
        quantity: order.lines.reduce((sum, l) => sum + l.quantity, 0),
        subtotalCents,
        discountId: discount?.rule.id ?? null,
        discountCode: discount?.rule.code ?? null,
        discountLabel: discount?.rule.name ?? null,
        discountCents: totals.discountCents,
        shippingDiscountCents: discount?.shippingCents ?? 0,
        shippingCents: totals.shippingCents,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
        shippingMethod: totals.shippingMethod,
        shippingLabel: totals.shippingLabel,
        shippingTaxCents: totals.shippingTaxCents,
        taxRateBasisPoints: totals.taxRateBasisPoints,
        taxExemptCertificate: totals.taxExemptCertificate ?? null,
        shippingAddress: order.shippingAddress,
        lineCount: lineRows.length,
        checkoutKey: order.checkoutKey ?? null,
        userName: me.name,
        userEmail: me.email,
        phone: order.phone,
        status: 'unpaid',
        createdAt: now,
        expiresAt: new Date(now.getTime() + holdOf(me, limits)),
        guestClient: isGuest(me) ? me.client : null,
      };
      ctx.row = await writeNewOrder(tx, values, lineRows, {
        outbox,
        actorUserId: isGuest(me) ? null : me.id,
        mailDelayMs: waitingMailDelay(holdOf(me, limits), limits),
      });
      return undefined;
    },
  },
  {
    name: 'redeem the discount',
    // The use is taken after the order row exists (it names the order); none left rolls it all back.
    run: async (ctx) => {
      const { tx, me, now, id } = ctx;
      const { discount } = found(ctx.priced, 'prices');
      if (discount)
        await redeemDiscount(tx, discount.rule, {
          orderId: id,
          // Whose uses count against a limit per customer: the mailbox, however spelled, whether
          // the order is an account's or a guest's (decision 073).
          buyer: discountBuyer(me.email),
          userId: isGuest(me) ? null : me.id,
          now,
        });
      return undefined;
    },
  },
  {
    name: 'reserve the stock',
    // Last: stock taken meanwhile, or a product changed, refuses the order here and the
    // transaction takes every row above back with it.
    run: async (ctx) => {
      const { tx, order, id } = ctx;
      const moved = found(ctx.products, 'products read');
      const reservations: StockMove[] = order.lines.map((l) => ({
        productId: l.productId,
        reserved: l.quantity,
        reason: 'order_placed',
        orderId: id,
        asRead: moved.get(l.productId),
        // From a place in the buyer's state when the owner's first place has none (decision 099).
        near: order.shippingAddress?.region ?? null,
      }));
      try {
        await moveStock(tx, reservations);
      } catch (error) {
        if (!(error instanceof OutOfStock)) throw error;
        throw await lineRefusal(tx, error, order);
      }
      return undefined;
    },
  },
];

/**
 * Places an order inside the caller's transaction (the steps above); the checkout, the guest's
 * checkout and the spec's order modal all place theirs through it.
 */
export async function insertOrder(
  tx: Tx,
  outbox: Outbox,
  me: SessionUser | GuestBuyer,
  order: NewOrder,
  limits: OrderLimits,
  pricing: PricingRules,
  now = new Date(),
  steps: readonly Step<NewOrderContext>[] = newOrderSteps,
): Promise<{ row: OrderRow; lines: OrderLineRow[] }> {
  const ctx: NewOrderContext = { tx, outbox, me, order, limits, pricing, now, id: randomUUID() };
  const done = await runSteps('place the order', steps, ctx);
  return { row: found(done.row, 'order written'), lines: found(done.lines, 'lines') };
}

/** What the steps of the spec's POST /order share. */
export interface PlaceOrderContext {
  db: Db;
  outbox: Outbox;
  me: SessionUser;
  input: OrderInput;
  limits: OrderLimits;
  pricing: PricingRules;
  now: Date;
  /** The steps that place the order inside its transaction (newOrderSteps; tests break one). */
  newOrder: readonly Step<NewOrderContext>[];
  placed?: { row: OrderRow; lines: OrderLineRow[] };
  answer?: Order;
}

/**
 * The spec's POST /order (the order modal), top to bottom: a one-line order with standard
 * shipping (or the first method the store offers) and the default tax, placed in one transaction,
 * then answered. Its refusals are codes until they leave the flow (`placeOrder`), where they take
 * the order modal's words.
 */
export const placeOrderSteps: readonly Step<PlaceOrderContext>[] = [
  {
    name: 'check the product id',
    // A product id that is no id at all is refused like a product that does not exist.
    run: async (ctx) => {
      if (!isUuid(ctx.input.productId)) throw notFound('Tool');
      return undefined;
    },
  },
  {
    name: 'place the order',
    // One transaction: caps, products, prices, rows, discount, and the stock reserved last.
    run: async (ctx) => {
      const { input } = ctx;
      ctx.placed = await ctx.db.transaction((tx) =>
        insertOrder(
          tx,
          ctx.outbox,
          ctx.me,
          {
            lines: [{ productId: input.productId, quantity: input.orderQuantity }],
            phone: input.phone,
            shippingMethod: 'standard',
            shippingAddress: null,
            firstMethodOffered: true,
          },
          ctx.limits,
          ctx.pricing,
          ctx.now,
          ctx.newOrder,
        ),
      );
      return undefined;
    },
    // Undone once committed: the order released as its customer would cancel it (its stock and
    // discount use back, its history saying so).
    compensate: async (ctx) => {
      if (ctx.placed)
        await cancelUnpaidOrder(ctx.db, ctx.outbox, ctx.placed.row.id, { userId: ctx.me.id, admin: false });
    },
  },
  {
    name: 'answer with the order',
    // The new order's lines as the steps wrote them: no need to read them back.
    run: async (ctx) => {
      const { row, lines } = found(ctx.placed, 'order placed');
      ctx.answer = toOrder(row, { lines, shipments: [], refunds: [] });
      return undefined;
    },
  },
];

/** The spec's POST /order; its refusals in the order modal's words. */
export async function placeOrder(
  db: Db,
  outbox: Outbox,
  me: SessionUser,
  input: OrderInput,
  limits: OrderLimits,
  pricing: PricingRules,
  now = new Date(),
  steps: { place?: readonly Step<PlaceOrderContext>[]; newOrder?: readonly Step<NewOrderContext>[] } = {},
): Promise<Order> {
  const ctx: PlaceOrderContext = {
    db,
    outbox,
    me,
    input,
    limits,
    pricing,
    now,
    newOrder: steps.newOrder ?? newOrderSteps,
  };
  try {
    const done = await runSteps('place an order', steps.place ?? placeOrderSteps, ctx);
    return found(done.answer, 'answer');
  } catch (error) {
    throw inWordsOf('orderModal', error);
  }
}
