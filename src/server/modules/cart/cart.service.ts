import { and, asc, eq, sql } from 'drizzle-orm';
import { cartFullMessage } from '../../../contract/cart';
import { maximumQuantityMessage, minimumQuantityMessage } from '../../../contract/orders';
import { CART_MAX_LINES, type LineInput, type Quote } from '../../../contract/pricing';
import type { PricingConfig } from '../../config/config';
import type { Db, Tx } from '../../db/database';
import { cartLines } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { isUuid } from '../catalog/catalog.service';
import { type Destination, loadToolFacts, quoteLines } from '../pricing/pricing';

/**
 * A signed-in customer's cart: which products and how many, nothing else. It is priced from the
 * catalog every time it is read, so a price change reaches the cart at once and the cart never
 * promises what the store no longer charges.
 */

export async function cartLinesOf(db: Db | Tx, userId: string): Promise<LineInput[]> {
  return db
    .select({ toolId: cartLines.toolId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.toolId));
}

export async function getCart(
  db: Db,
  pricing: PricingConfig,
  userId: string,
  to: Destination,
): Promise<Quote> {
  return quoteLines(db, pricing, await cartLinesOf(db, userId), to);
}

const quantityIssue = (message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path: 'quantity', message }]);

/**
 * Sets one line's quantity. The product's minimum and its stock hold in the cart as in the order
 * modal; stock is checked again when the order is placed, since it may go meanwhile.
 */
export async function setCartLine(db: Db, userId: string, toolId: string, quantity: number): Promise<void> {
  if (!isUuid(toolId)) throw notFound('Tool');
  const tool = (await loadToolFacts(db, [toolId])).get(toolId);
  if (!tool || tool.retiredAt) throw notFound('Tool');
  if (quantity < tool.minimumOrderQuantity)
    throw quantityIssue(minimumQuantityMessage(tool.minimumOrderQuantity));
  if (quantity > tool.availableQuantity) throw quantityIssue(maximumQuantityMessage(tool.availableQuantity));
  await db.transaction(async (tx) => {
    // One writer per customer at a time, so two tabs adding at once cannot pass the line cap.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cart:${userId}`}, 0))`);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int`, has: sql<boolean>`bool_or(${cartLines.toolId} = ${toolId})` })
      .from(cartLines)
      .where(eq(cartLines.userId, userId));
    if (!count?.has && Number(count?.n ?? 0) >= CART_MAX_LINES)
      throw new AppError('CONFLICT', cartFullMessage(CART_MAX_LINES));
    await tx
      .insert(cartLines)
      .values({ userId, toolId, quantity })
      .onConflictDoUpdate({ target: [cartLines.userId, cartLines.toolId], set: { quantity } });
  });
}

export async function removeCartLine(db: Db | Tx, userId: string, toolId: string): Promise<void> {
  if (!isUuid(toolId)) return;
  await db.delete(cartLines).where(and(eq(cartLines.userId, userId), eq(cartLines.toolId, toolId)));
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
    if (isUuid(line.toolId)) wanted.set(line.toolId, (wanted.get(line.toolId) ?? 0) + line.quantity);
  }
  if (wanted.size === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cart:${userId}`}, 0))`);
    const current = new Map((await cartLinesOf(tx, userId)).map((l) => [l.toolId, l.quantity]));
    const facts = await loadToolFacts(tx, [...wanted.keys()]);
    let lines = current.size;
    for (const [toolId, quantity] of wanted) {
      const tool = facts.get(toolId);
      if (!tool || tool.retiredAt || tool.availableQuantity < tool.minimumOrderQuantity) continue;
      const had = current.get(toolId);
      if (had === undefined && lines >= CART_MAX_LINES) continue;
      const merged = Math.min(
        tool.availableQuantity,
        Math.max(tool.minimumOrderQuantity, (had ?? 0) + quantity),
      );
      await tx
        .insert(cartLines)
        .values({ userId, toolId, quantity: merged })
        .onConflictDoUpdate({ target: [cartLines.userId, cartLines.toolId], set: { quantity: merged } });
      if (had === undefined) lines += 1;
    }
  });
}
