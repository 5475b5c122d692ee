import { eq } from 'drizzle-orm';
import type {
  ExemptionCertificate,
  PriceList,
  TradeAccount,
  TradeAccountInput,
} from '../../../contract/trade';
import { recordAudit } from '../../kernel/audit';
import type { Db, Tx } from '../../kernel/db';
import { roleFromColumn, tradeAccounts, user } from '../../kernel/db';
import { AppError, notFound } from '../../kernel/errors';

/**
 * Trade accounts (decision 095): which customer accounts buy at a price list, and the resale
 * certificate each may hold. Staff with `trade.write` set them; pricing reads the buyer's terms
 * (`buyerTerms`) for every cart, checkout and order of that buyer, so a price is never taken from a
 * request.
 */

type Row = typeof tradeAccounts.$inferSelect;

const toAccount = (row: Row): TradeAccount => ({
  userId: row.userId,
  priceList: {
    percentOffBasisPoints: row.percentOffBasisPoints,
    categories: row.categoryPercents,
    netPrices: row.netPrices,
    ...(row.quantityBreaks.length > 0 ? { quantityBreaks: row.quantityBreaks } : {}),
  },
  certificate:
    row.certificateNumber && row.certificateExpiresOn
      ? { number: row.certificateNumber, states: row.certificateStates, expiresOn: row.certificateExpiresOn }
      : null,
  updatedAt: row.updatedAt.toISOString(),
});

/** An account's trade terms, or null for a retail buyer. */
export async function getTradeAccount(db: Db | Tx, userId: string): Promise<TradeAccount | null> {
  const [row] = await db.select().from(tradeAccounts).where(eq(tradeAccounts.userId, userId));
  return row ? toAccount(row) : null;
}

/** What pricing needs of a buyer: their price list and certificate; both null for a retail buyer. */
export interface BuyerTerms {
  priceList: PriceList | null;
  certificate: ExemptionCertificate | null;
}
export const RETAIL: BuyerTerms = { priceList: null, certificate: null };

/**
 * The buyer's terms as pricing reads them. Inside an order's transaction (`lock`) the row is held
 * in share mode until the commit, so staff changing the list wait for the order and the order is
 * priced from the list that stood when it was placed.
 */
export async function buyerTerms(
  db: Db | Tx,
  userId: string | null,
  options: {
    lock?: boolean;
    /** False when the store is known to have no trade account (PricingRules.tradeAccounts): nothing is read. */
    storeHasAny?: boolean | undefined;
  } = {},
): Promise<BuyerTerms> {
  if (!userId || options.storeHasAny === false) return RETAIL;
  const query = db.select().from(tradeAccounts).where(eq(tradeAccounts.userId, userId));
  const [row] = await (options.lock ? query.for('share') : query);
  if (!row) return RETAIL;
  const account = toAccount(row);
  return { priceList: account.priceList, certificate: account.certificate };
}

const duplicate = (what: string, key: string) =>
  new AppError('VALIDATION_FAILED', `${what} is listed twice.`, [
    { path: key, message: `${what} is listed twice.` },
  ]);

/** PUT /customers/:id/trade: marks a customer account as trade, or changes its terms; audited. */
export async function saveTradeAccount(
  db: Db,
  userId: string,
  input: TradeAccountInput,
): Promise<TradeAccount> {
  const { priceList, certificate } = input;
  if (new Set(priceList.categories.map((c) => c.categorySlug)).size !== priceList.categories.length)
    throw duplicate('A category', 'priceList.categories');
  if (new Set(priceList.netPrices.map((n) => n.productId)).size !== priceList.netPrices.length)
    throw duplicate('A product', 'priceList.netPrices');
  const breaks = priceList.quantityBreaks ?? [];
  if (new Set(breaks.map((b) => `${b.productId}:${b.minQuantity}`)).size !== breaks.length)
    throw duplicate('A quantity of a product', 'priceList.quantityBreaks');
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    if (!account) throw notFound('User');
    if (roleFromColumn(account.role) !== 'customer')
      throw new AppError('CONFLICT', 'Only a customer account can be a trade account.');
    const before = await getTradeAccount(tx, userId);
    const values = {
      percentOffBasisPoints: priceList.percentOffBasisPoints,
      categoryPercents: priceList.categories,
      netPrices: priceList.netPrices,
      quantityBreaks: priceList.quantityBreaks ?? [],
      certificateNumber: certificate?.number ?? null,
      certificateStates: certificate ? [...new Set(certificate.states)] : [],
      certificateExpiresOn: certificate?.expiresOn ?? null,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(tradeAccounts)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: tradeAccounts.userId, set: values })
      .returning();
    if (!row) throw new Error('trade account not written');
    const after = toAccount(row);
    await recordAudit(tx, {
      action: before ? 'trade.changed' : 'trade.opened',
      subjectType: 'account',
      subjectId: userId,
      before: before
        ? { email: account.email, priceList: before.priceList, certificate: before.certificate }
        : { email: account.email },
      after: { email: account.email, priceList: after.priceList, certificate: after.certificate },
    });
    return after;
  });
}

/** DELETE /customers/:id/trade: the account buys at list prices again (its past orders keep theirs). */
export async function closeTradeAccount(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(tradeAccounts).where(eq(tradeAccounts.userId, userId)).returning();
    if (!row) throw notFound('Trade account');
    await recordAudit(tx, {
      action: 'trade.closed',
      subjectType: 'account',
      subjectId: userId,
      before: { priceList: toAccount(row).priceList },
      after: {},
    });
  });
}
