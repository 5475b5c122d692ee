import { percentOf } from '../../contract/money';
import type { Order } from '../../contract/orders';
import type { Quote } from '../../contract/pricing';
import type {
  AddLinesInput,
  PhoneOrderInput,
  PhoneOrderPreview,
  QuoteRequestValues,
  QuoteSent,
  SentQuote,
} from '../../contract/staff-orders';
import { staffOrderMessages } from '../../contract/staff-orders';
import { recordAudit } from '../kernel/audit';
import type { Db, Tx } from '../kernel/db';
import { AppError, notFound } from '../kernel/errors';
import type { SessionUser } from '../kernel/identity';
import type { Outbox } from '../kernel/outbox';
import type { OrderLimits } from '../kernel/settings';
import { accountTermsOf, buyerTerms, getCustomer } from '../modules/accounts';
import { discountOffer } from '../modules/discounts';
import { moveStock } from '../modules/inventory';
import {
  acceptQuoteRow,
  assertQuoteOpen,
  chargeOrderToAccount,
  customerNameOf,
  linesOfOrder,
  lockOrder,
  OrderNotFound,
  type QuoteRow,
  quoteById,
  quoteByToken,
  quoteStatusOf,
  quotesOf,
  quoteToken,
  readOrderView,
  toOneOrder,
  writeAddedLines,
  writeQuote,
} from '../modules/orders';
import { createPaymentIntent, type SimulatedProvider } from '../modules/payments';
import { loadProductFacts, type PricingRules, quoteLines, tradeUnitPrice } from '../modules/pricing';
import { extendInvoice } from '../modules/receivables';
import { confirmSimulatedPayment } from './pay';
import { insertOrder, inWordsOf } from './place-order';

/**
 * What staff do for a customer (decision 103), each placed as the customer would place it: the
 * customer's price list, certificate and limits, the same steps (`insertOrder`), so a phoned
 * order and an accepted quote are priced, reserved and taxed like a checkout.
 */

/** The customer an order is made for, as the steps know a buyer; only a customer account. */
async function buyerOf(db: Db, customerId: string): Promise<SessionUser> {
  const { customer } = await getCustomer(db, customerId);
  if (customer.role !== 'customer') throw new AppError('CONFLICT', staffOrderMessages.notCustomer);
  return {
    id: customer.id,
    email: customer.email,
    name: customer.displayName,
    image: null,
    role: 'customer',
    token: '',
  };
}

/**
 * POST /customers/:id/orders: an order phoned in. Placed and, when asked, charged to the account
 * in one transaction, so a refusal (no stock, over the credit limit) leaves nothing behind; left
 * unpaid, the customer is mailed to pay it by card like any order waiting for payment.
 */
export async function placeOrderFor(
  db: Db,
  outbox: Outbox,
  staffId: string,
  customerId: string,
  input: PhoneOrderInput,
  limits: OrderLimits,
  pricing: PricingRules,
): Promise<Order> {
  const buyer = await buyerOf(db, customerId);
  try {
    return await db.transaction(async (tx) => {
      const { row } = await insertOrder(
        tx,
        outbox,
        buyer,
        {
          lines: input.lines,
          phone: input.address.phone,
          shippingMethod: input.shippingMethod,
          shippingAddress: input.address,
          discountCode: input.discountCode,
        },
        limits,
        pricing,
      );
      const placed =
        input.payment === 'on_account'
          ? await chargeOrderToAccount(tx, outbox, customerId, row.id, limits.accountOverdueDays)
          : row;
      await recordAudit(tx, {
        action: 'order.phoned',
        subjectType: 'order',
        subjectId: row.id,
        before: {},
        after: {
          number: row.number,
          customerId,
          payment: input.payment,
          totalCents: row.totalCents,
          byStaff: staffId,
        },
      });
      return toOneOrder(tx, placed);
    });
  } catch (error) {
    throw inWordsOf('checkout', error);
  }
}

/** A quote priced as its customer would order it now. */
async function viewOf(
  db: Db | Tx,
  row: QuoteRow,
  pricing: PricingRules,
  now = new Date(),
): Promise<SentQuote> {
  const priced = await priceFor(
    db,
    row.userId,
    {
      lines: row.lines,
      shippingMethod: row.shippingMethod,
      region: row.shippingAddress.region,
      country: row.shippingAddress.country,
      discountCode: row.discountCode,
    },
    pricing,
    now,
  );
  return {
    id: row.id,
    userId: row.userId,
    customerName: await customerNameOf(db, row.userId),
    status: quoteStatusOf(row, now),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    shippingMethod: row.shippingMethod,
    address: row.shippingAddress,
    note: row.note,
    orderId: row.orderId,
    priced,
  };
}

/**
 * What an order of these lines would cost the customer now, shipped where it goes: their price
 * list, their exemption, the code, and the methods the address's zone offers. A quote is priced
 * by it each time it is read; staff building an order see it before they place it.
 */
async function priceFor(
  db: Db | Tx,
  userId: string,
  order: {
    lines: { productId: string; quantity: number }[];
    shippingMethod: string;
    region: string;
    country: string;
    discountCode?: string | null | undefined;
  },
  pricing: PricingRules,
  now = new Date(),
): Promise<Quote> {
  const offer = await discountOffer(db, {
    code: order.discountCode ?? null,
    productIds: order.lines.map((l) => l.productId),
    automatic: pricing.automaticDiscounts,
    now,
  });
  return quoteLines(
    db,
    pricing,
    order.lines,
    { shippingMethod: order.shippingMethod, region: order.region, country: order.country },
    offer,
    await buyerTerms(db, userId, { storeHasAny: pricing.tradeAccounts }),
  );
}

/**
 * POST /customers/:id/orders/preview: the order staff are building, priced for its customer as
 * placing it would price it (nothing is written, no stock held), with the shipping methods the
 * address's zone offers.
 */
export async function previewOrderFor(
  db: Db,
  customerId: string,
  input: PhoneOrderPreview,
  pricing: PricingRules,
): Promise<Quote> {
  await buyerOf(db, customerId);
  return priceFor(db, customerId, input, pricing);
}

/** The path a quote's link opens (the web app's page). */
export const quotePath = (token: string) => `/quote/${token}`;

/** POST /customers/:id/quotes: a quote written and its mail published; its link answered once. */
export async function sendQuote(
  db: Db,
  outbox: Outbox,
  secret: string,
  staffId: string,
  customerId: string,
  request: QuoteRequestValues,
  pricing: PricingRules,
): Promise<QuoteSent> {
  await buyerOf(db, customerId);
  const row = await db.transaction(async (tx) => {
    const written = await writeQuote(tx, outbox, { userId: customerId, createdBy: staffId, request });
    await recordAudit(tx, {
      action: 'quote.sent',
      subjectType: 'order',
      subjectId: written.id,
      before: {},
      after: { customerId, lines: request.lines, expiresAt: written.expiresAt.toISOString() },
    });
    return written;
  });
  return { quote: await viewOf(db, row, pricing), link: quotePath(quoteToken(secret, row.id)) };
}

/** GET /customers/:id/quotes. */
export async function customerQuotes(
  db: Db,
  customerId: string,
  pricing: PricingRules,
): Promise<SentQuote[]> {
  const rows = await quotesOf(db, customerId);
  return Promise.all(rows.map((row) => viewOf(db, row, pricing)));
}

/** GET /quotes/:token: the customer's own quote, priced now. */
export async function viewQuote(
  db: Db,
  secret: string,
  me: SessionUser,
  token: string,
  pricing: PricingRules,
): Promise<SentQuote> {
  return viewOf(db, await quoteByToken(db, secret, token, me.id), pricing);
}

/** A quote as its mail tells it, with its link. */
export async function quoteForMail(db: Db, secret: string, quoteId: string, pricing: PricingRules) {
  const row = await quoteById(db, quoteId);
  if (!row) return null;
  return { quote: await viewOf(db, row, pricing), link: quotePath(quoteToken(secret, row.id)) };
}

/**
 * POST /quotes/:token/accept: the order is placed now (stock held and prices read now, as at a
 * checkout) and the quote marked accepted with it, in one transaction; the customer then pays it
 * (or puts it on account) like any unpaid order. Refused once expired or accepted.
 */
export async function acceptQuote(
  db: Db,
  outbox: Outbox,
  secret: string,
  me: SessionUser,
  token: string,
  limits: OrderLimits,
  pricing: PricingRules,
): Promise<Order> {
  try {
    return await db.transaction(async (tx) => {
      const row = await quoteByToken(tx, secret, token, me.id, true);
      assertQuoteOpen(row);
      const { row: order } = await insertOrder(
        tx,
        outbox,
        me,
        {
          lines: row.lines,
          phone: row.shippingAddress.phone,
          shippingMethod: row.shippingMethod,
          shippingAddress: row.shippingAddress,
          discountCode: row.discountCode ?? undefined,
        },
        limits,
        pricing,
      );
      await acceptQuoteRow(tx, row, order.id);
      return toOneOrder(tx, order);
    });
  } catch (error) {
    throw inWordsOf('checkout', error);
  }
}

/**
 * POST /manage/:id/lines: parts added to a paid order nothing of which has shipped, as its
 * customer would buy them today (their price list at the line's new quantity; a product already on
 * the order keeps the price it was sold at), taxed at the order's own rate (none when it was
 * exempt), with no discount and no more shipping (the parcel has not left). The units are reserved
 * now; what they cost is added to the order's invoice on account within the credit limit, or, for
 * an order paid by card (or store credit), to its balance due: the card is not charged again
 * without its holder, so the customer is mailed to pay the difference (or staff take it by phone)
 * and the order ships once it is paid (decision 104).
 */
export async function addToOrder(
  db: Db,
  outbox: Outbox,
  staffId: string,
  orderId: string,
  input: AddLinesInput,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    if (row.status !== 'awaiting_shipment') throw new AppError('CONFLICT', staffOrderMessages.notEditable);
    if (row.refundedCents > 0) throw new AppError('CONFLICT', staffOrderMessages.refunded);
    if (!row.userId) throw new AppError('CONFLICT', staffOrderMessages.guestOrder);
    const userId = row.userId;
    const owed = row.onAccountCents > 0 ? 'account' : 'balance';
    const wanted = new Map<string, number>();
    for (const l of input.lines) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
    const facts = await loadProductFacts(tx, [...wanted.keys()]);
    const onOrder = new Map((await linesOfOrder(tx, row.id)).map((l) => [l.productId, l]));
    const terms = await buyerTerms(tx, userId, { lock: true });
    const added = [...wanted].map(([productId, quantity]) => {
      const product = facts.get(productId);
      if (!product || product.retiredAt) throw notFound('Tool');
      const line = onOrder.get(productId);
      return {
        productId,
        productName: product.name,
        quantity,
        unitPriceCents: line?.unitPriceCents ?? tradeUnitPrice(terms.priceList, product, quantity),
        coreChargeCents: line?.coreChargeCents ?? product.coreChargeCents,
      };
    });
    // Out of stock is refused in its own words (`OutOfStock`), and nothing is written.
    await moveStock(
      tx,
      added.map((l) => ({
        productId: l.productId,
        orderId: row.id,
        reserved: l.quantity,
        reason: 'order_edited' as const,
        actorUserId: staffId,
        near: row.shippingAddress?.region ?? null,
      })),
    );
    const goodsCents = added.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
    const coreCents = added.reduce((sum, l) => sum + l.coreChargeCents * l.quantity, 0);
    const taxCents = row.taxExemptCertificate
      ? 0
      : percentOf(goodsCents + coreCents, row.taxRateBasisPoints ?? 0);
    if (owed === 'account')
      await extendInvoice(tx, {
        userId,
        orderId: row.id,
        cents: goodsCents + coreCents + taxCents,
        terms: await accountTermsOf(tx, userId, { lock: true }),
      });
    const changed = await writeAddedLines(
      tx,
      outbox,
      row,
      added,
      { goodsCents, coreCents, taxCents },
      owed,
      staffId,
    );
    return toOneOrder(tx, changed);
  });
}

/**
 * POST /manage/:id/card-by-phone, in test mode: staff charge the card a customer reads out for
 * their unpaid order, through the same payment and its steps as the customer's own (the intent is
 * opened for what the order owes, the simulated processor charges it, the order is paid).
 */
export async function chargeCardByPhone(
  db: Db,
  outbox: Outbox,
  simulated: SimulatedProvider,
  staffId: string,
  orderId: string,
  card: { cardNumber: string; expiry: string; cvc: string; name: string },
  log: { error(obj: object, msg: string): void },
): Promise<Order> {
  const found = await readOrderView(db, orderId);
  if (!found?.row.userId) throw new OrderNotFound();
  const buyer = await buyerOf(db, found.row.userId);
  const intent = await createPaymentIntent(db, simulated, buyer, orderId);
  await confirmSimulatedPayment(
    db,
    outbox,
    simulated,
    buyer,
    { clientSecret: intent.clientSecret, cardNumber: card.cardNumber, expiry: card.expiry, cvc: card.cvc },
    log,
  );
  await recordAudit(db, {
    action: 'order.card_by_phone',
    subjectType: 'order',
    subjectId: orderId,
    before: {},
    after: { number: found.order.number, byStaff: staffId, cardLast4: card.cardNumber.slice(-4) },
  });
  const paid = await readOrderView(db, orderId);
  if (!paid) throw new OrderNotFound();
  return paid.order;
}
