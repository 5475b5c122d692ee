import { and, asc, eq, sql } from 'drizzle-orm';
import { cartFullMessage } from '../../../contract/cart';
import { isUuid } from '../../../contract/ids';
import { maximumQuantityMessage, minimumQuantityMessage } from '../../../contract/orders';
import { CART_MAX_LINES, type LineInput, type Quote } from '../../../contract/pricing';
import { type BuyAgainAnswer, buyAgainWords } from '../../../contract/trade';
import type { Db, Tx } from '../../kernel/db';
import { cartLines, preparedStatement, products, selectedRow } from '../../kernel/db';
import { AppError, notFound } from '../../kernel/errors';

import { buyerTerms } from '../accounts';
import { discountBuyer, discountOffer } from '../discounts';
import { productStock } from '../inventory';

import {
  type Destination,
  loadProductFacts,
  type PricingRules,
  productFactColumns,
  quoteFrom,
  stockOfProduct,
} from '../pricing';

/**
 * A signed-in customer's cart: which products and how many, nothing else. It is priced from the
 * catalog every time it is read, so a price change reaches the cart at once and the cart never
 * promises what the store no longer charges.
 */

export async function cartLinesOf(db: Db | Tx, userId: string): Promise<LineInput[]> {
  return linesOf(db, { userId });
}
const lineColumns = { productId: cartLines.productId, quantity: cartLines.quantity };
const linesOf = preparedStatement<{ userId: string }, LineInput>(
  'cart lines',
  (db) =>
    db
      .select(lineColumns)
      .from(cartLines)
      .where(eq(cartLines.userId, sql.placeholder('userId')))
      .orderBy(asc(cartLines.addedAt), asc(cartLines.productId)),
  selectedRow<LineInput>(lineColumns),
);

/**
 * The cart's lines, in the order they were added, taken out of the cart: for an order made of them
 * in the same transaction (which puts them back if it fails).
 */
export async function takeCart(tx: Tx, userId: string): Promise<LineInput[]> {
  const rows = await takeLines(tx, { userId });
  return rows
    .sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime() || a.productId.localeCompare(b.productId))
    .map(({ productId, quantity }) => ({ productId, quantity }));
}
const takeLines = preparedStatement<
  { userId: string },
  { productId: string; quantity: number; addedAt: Date }
>(
  'take cart lines',
  (db) =>
    db
      .delete(cartLines)
      .where(eq(cartLines.userId, sql.placeholder('userId')))
      .returning({ ...lineColumns, addedAt: cartLines.addedAt }),
  selectedRow({ ...lineColumns, addedAt: cartLines.addedAt }),
);

/**
 * The cart priced at the catalog's current prices: its lines and their products in one read. A
 * discount's uses per customer are the mailbox's, as the order will count them (discountBuyer). A
 * trade account's cart is priced from its price list and certificate, as its order will be.
 */
export async function getCart(
  db: Db,
  pricing: PricingRules,
  me: { id: string; email: string },
  to: Destination & { code?: string | undefined },
): Promise<Quote> {
  const rows = await pricedLines(db, { userId: me.id });
  const facts = new Map(rows.map(({ quantity: _q, ...tool }) => [tool.id, tool]));
  const offer = await discountOffer(db, {
    code: to.code,
    buyer: discountBuyer(me.email),
    productIds: [...facts.keys()],
    automatic: pricing.automaticDiscounts,
  });
  return quoteFrom(
    pricing,
    facts,
    rows.map((r) => ({ productId: r.id, quantity: r.quantity })),
    to,
    offer,
    await buyerTerms(db, me.id, { storeHasAny: pricing.tradeAccounts }),
  );
}

const pricedLineColumns = { quantity: cartLines.quantity, ...productFactColumns };
const pricedLines = preparedStatement<
  { userId: string },
  { quantity: number } & { [K in keyof typeof productFactColumns]: (typeof products.$inferSelect)[K] }
>(
  'priced cart lines',
  (db) =>
    db
      .select(pricedLineColumns)
      .from(cartLines)
      .innerJoin(products, eq(products.id, cartLines.productId))
      .leftJoin(productStock, stockOfProduct)
      .where(eq(cartLines.userId, sql.placeholder('userId')))
      .orderBy(asc(cartLines.addedAt), asc(cartLines.productId)),
  selectedRow(pricedLineColumns),
);

const quantityIssue = (message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path: 'quantity', message }]);

/**
 * Sets one line's quantity. The product's minimum and its stock hold in the cart as in the order
 * modal; stock is checked again when the order is placed, since it may go meanwhile.
 */
export async function setCartLine(
  db: Db,
  userId: string,
  productId: string,
  quantity: number,
): Promise<void> {
  if (!isUuid(productId)) throw notFound('Tool');
  const product = (await loadProductFacts(db, [productId])).get(productId);
  if (!product || product.retiredAt) throw notFound('Tool');
  if (quantity < product.minimumOrderQuantity)
    throw quantityIssue(minimumQuantityMessage(product.minimumOrderQuantity));
  if (quantity > product.availableQuantity)
    throw quantityIssue(maximumQuantityMessage(product.availableQuantity));
  // One statement: a product already in the cart changes its quantity; a new one is added only
  // while the cart holds fewer than CART_MAX_LINES products. (Two tabs adding different products
  // at the same instant may pass the cap by one: it is a sensible limit, not an invariant.)
  // The product's row is locked (key share) by the statement that adds its line, so an admin
  // deleting the product at this moment either waits for the line and takes it along, or has
  // deleted it already and nothing is added.
  const written = await writeLine(db, { userId, productId, quantity });
  if (written.length > 0) return;
  const still = (await loadProductFacts(db, [productId])).get(productId);
  if (!still || still.retiredAt) throw notFound('Tool');
  throw new AppError('CONFLICT', cartFullMessage(CART_MAX_LINES));
}

const writeLine = preparedStatement<{ userId: string; productId: string; quantity: number }>(
  'write cart line',
  () => {
    const p = (name: 'userId' | 'productId' | 'quantity') => sql.placeholder(name);
    return sql`
      with product as (select id from ${products} where id = ${p('productId')}::uuid and retired_at is null for key share)
      insert into ${cartLines} (user_id, product_id, quantity)
      select ${p('userId')}::text, product.id, ${p('quantity')}::int from product
      where exists (select 1 from ${cartLines} where user_id = ${p('userId')} and product_id = ${p('productId')}::uuid)
         or (select count(*) from ${cartLines} where user_id = ${p('userId')}) < ${CART_MAX_LINES}
      on conflict (user_id, product_id) do update set quantity = excluded.quantity
      returning 1 as written`;
  },
);

export async function removeCartLine(db: Db | Tx, userId: string, productId: string): Promise<void> {
  if (!isUuid(productId)) return;
  await db.delete(cartLines).where(and(eq(cartLines.userId, userId), eq(cartLines.productId, productId)));
}

export async function clearCart(db: Db | Tx, userId: string): Promise<void> {
  await db.delete(cartLines).where(eq(cartLines.userId, userId));
}

/**
 * A visitor's cart joins the account's at sign-in: the same product's quantities add up, capped at
 * what is in stock and raised to the product's minimum; products no longer sold are left out, and
 * the cart keeps at most CART_MAX_LINES products.
 */
export async function mergeCart(db: Db, userId: string, incoming: LineInput[]): Promise<void> {
  const wanted = new Map<string, number>();
  for (const line of incoming) {
    if (isUuid(line.productId)) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  }
  if (wanted.size === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cart:${userId}`}, 0))`);
    const current = new Map((await cartLinesOf(tx, userId)).map((l) => [l.productId, l.quantity]));
    // Locked (key share) like setCartLine's: a product deleted meanwhile is either gone here, or
    // waits for this merge and then takes its new line along.
    const facts = await loadProductFacts(tx, [...wanted.keys()], { lock: true });
    let lines = current.size;
    for (const [productId, quantity] of wanted) {
      const product = facts.get(productId);
      if (!product || product.retiredAt || product.availableQuantity < product.minimumOrderQuantity) continue;
      const had = current.get(productId);
      if (had === undefined && lines >= CART_MAX_LINES) continue;
      const merged = Math.min(
        product.availableQuantity,
        Math.max(product.minimumOrderQuantity, (had ?? 0) + quantity),
      );
      await tx
        .insert(cartLines)
        .values({ userId, productId, quantity: merged })
        .onConflictDoUpdate({ target: [cartLines.userId, cartLines.productId], set: { quantity: merged } });
      if (had === undefined) lines += 1;
    }
  });
}

/**
 * A past order's lines put back into the cart (buy again): each adds to what the cart holds of
 * that product, raised to its minimum and capped at its stock, with a note when the quantity
 * changed; a product no longer sold, out of stock, or new to a full cart is named with why.
 * Nothing is priced here: the cart prices every line when read, at today's prices.
 */
export async function putBackInCart(
  db: Db,
  userId: string,
  lines: { productId: string; name: string; quantity: number }[],
): Promise<BuyAgainAnswer> {
  const answer: BuyAgainAnswer = { added: [], notAdded: [] };
  await db.transaction(async (tx) => {
    // The same lock as a merge at sign-in: two presses at once add once each, in turn.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cart:${userId}`}, 0))`);
    const current = new Map((await cartLinesOf(tx, userId)).map((l) => [l.productId, l.quantity]));
    const facts = await loadProductFacts(
      tx,
      lines.map((l) => l.productId),
      { lock: true },
    );
    let count = current.size;
    for (const line of lines) {
      const product = facts.get(line.productId);
      const refuse = (reason: string) =>
        answer.notAdded.push({ productId: line.productId, name: product?.name ?? line.name, reason });
      if (!product || product.retiredAt) {
        refuse(buyAgainWords.notSold);
        continue;
      }
      if (product.availableQuantity < product.minimumOrderQuantity) {
        refuse(buyAgainWords.outOfStock);
        continue;
      }
      const had = current.get(line.productId);
      if (had === undefined && count >= CART_MAX_LINES) {
        refuse(buyAgainWords.cartFull);
        continue;
      }
      const wanted = (had ?? 0) + line.quantity;
      const quantity = Math.min(product.availableQuantity, Math.max(product.minimumOrderQuantity, wanted));
      const note =
        quantity < wanted
          ? buyAgainWords.short(product.availableQuantity)
          : quantity > wanted
            ? buyAgainWords.minimum(product.minimumOrderQuantity)
            : null;
      await tx
        .insert(cartLines)
        .values({ userId, productId: line.productId, quantity })
        .onConflictDoUpdate({ target: [cartLines.userId, cartLines.productId], set: { quantity } });
      current.set(line.productId, quantity);
      if (had === undefined) count += 1;
      answer.added.push({ productId: line.productId, name: product.name, quantity, note });
    }
  });
  return answer;
}
