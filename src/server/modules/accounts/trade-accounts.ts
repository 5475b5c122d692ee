import { eq } from 'drizzle-orm';
import { onAccountMessages } from '../../../contract/invoices';
import {
  customerGroupMessages,
  type ExemptionCertificate,
  type OnAccountTerms,
  type PriceList,
  type TradeAccount,
  type TradeAccountInput,
} from '../../../contract/trade';
import { recordAudit } from '../../kernel/audit';
import type { Db, Tx } from '../../kernel/db';
import { customerGroups, roleFromColumn, tradeAccounts, user } from '../../kernel/db';
import { AppError, notFound } from '../../kernel/errors';
import { owedOnAccount } from '../receivables';
import { checkPriceList, listOf } from './customer-groups';

/**
 * Trade accounts (decision 095): which customer accounts buy at a price list, and the resale
 * certificate each may hold. Staff with `trade.write` set them; pricing reads the buyer's terms
 * (`buyerTerms`) for every cart, checkout and order of that buyer, so a price is never taken from a
 * request.
 */

type Row = typeof tradeAccounts.$inferSelect;
type GroupRow = typeof customerGroups.$inferSelect;

const termsOf = (row: Row): OnAccountTerms | null =>
  row.creditLimitCents !== null && row.termsDays !== null
    ? { creditLimitCents: row.creditLimitCents, termsDays: row.termsDays as OnAccountTerms['termsDays'] }
    : null;

const toAccount = (row: Row, group: GroupRow | null): TradeAccount => ({
  userId: row.userId,
  priceList: listOf(row),
  certificate:
    row.certificateNumber && row.certificateExpiresOn
      ? { number: row.certificateNumber, states: row.certificateStates, expiresOn: row.certificateExpiresOn }
      : null,
  groupId: group?.id ?? null,
  groupName: group?.name ?? null,
  onAccount: termsOf(row),
  updatedAt: row.updatedAt.toISOString(),
});

const withGroup = (db: Db | Tx, userId: string) =>
  db
    .select({ account: tradeAccounts, group: customerGroups })
    .from(tradeAccounts)
    .leftJoin(customerGroups, eq(customerGroups.id, tradeAccounts.groupId))
    .where(eq(tradeAccounts.userId, userId));

/**
 * An account's terms on account (decision 102), or null. Inside an order's transaction (`lock`)
 * the row is held in share mode, so the owner lowering the limit waits for the order.
 */
export async function accountTermsOf(
  db: Db | Tx,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<OnAccountTerms | null> {
  const query = db.select().from(tradeAccounts).where(eq(tradeAccounts.userId, userId));
  const [row] = await (options.lock ? query.for('share') : query);
  return row ? termsOf(row) : null;
}

/**
 * An account's trade terms, or null for a retail buyer. `asBought` gives the list it buys at (its
 * group's, when in one: what the shop itself is shown); otherwise its own (what staff edit).
 */
export async function getTradeAccount(
  db: Db | Tx,
  userId: string,
  options: { asBought?: boolean } = {},
): Promise<TradeAccount | null> {
  const [row] = await withGroup(db, userId);
  if (!row) return null;
  const account = toAccount(row.account, row.group);
  return options.asBought && row.group ? { ...account, priceList: listOf(row.group) } : account;
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
  const query = withGroup(db, userId);
  // The account's row is held; its group's list is read as it stands (a list changed meanwhile
  // prices the next order).
  const [row] = await (options.lock ? query.for('share', { of: tradeAccounts }) : query);
  if (!row) return RETAIL;
  const account = toAccount(row.account, row.group);
  // A member of a group buys at the group's list (decision 102), else at its own.
  return { priceList: row.group ? listOf(row.group) : account.priceList, certificate: account.certificate };
}

/**
 * PUT /customers/:id/trade: marks a customer account as trade, or changes its terms; audited. Its
 * group and its terms on account stay as they were when the request leaves them out; terms on
 * account are changed only by a caller who may extend credit (`credit.write`, decided by the route).
 */
export async function saveTradeAccount(
  db: Db,
  userId: string,
  input: TradeAccountInput,
  options: { mayExtendCredit?: boolean } = {},
): Promise<TradeAccount> {
  const { priceList, certificate } = input;
  checkPriceList(priceList, 'priceList');
  if (input.onAccount !== undefined && !options.mayExtendCredit)
    throw new AppError('FORBIDDEN', 'Only the owner extends credit on account.');
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
    if (input.groupId) {
      const [group] = await tx
        .select({ id: customerGroups.id })
        .from(customerGroups)
        .where(eq(customerGroups.id, input.groupId))
        .for('share');
      if (!group) throw new AppError('NOT_FOUND', customerGroupMessages.notFound);
    }
    const values = {
      percentOffBasisPoints: priceList.percentOffBasisPoints,
      categoryPercents: priceList.categories,
      netPrices: priceList.netPrices,
      quantityBreaks: priceList.quantityBreaks ?? [],
      discountRule: priceList.discountRule ?? 'stack',
      certificateNumber: certificate?.number ?? null,
      certificateStates: certificate ? [...new Set(certificate.states)] : [],
      certificateExpiresOn: certificate?.expiresOn ?? null,
      ...(input.groupId !== undefined ? { groupId: input.groupId } : {}),
      ...(input.onAccount !== undefined
        ? {
            creditLimitCents: input.onAccount?.creditLimitCents ?? null,
            termsDays: input.onAccount?.termsDays ?? null,
          }
        : {}),
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(tradeAccounts)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: tradeAccounts.userId, set: values })
      .returning();
    if (!row) throw new Error('trade account not written');
    const after = await getTradeAccount(tx, userId);
    if (!after) throw new Error('trade account not read back');
    const audited = (a: TradeAccount) => ({
      email: account.email,
      priceList: a.priceList,
      certificate: a.certificate,
      group: a.groupName,
      onAccount: a.onAccount,
    });
    await recordAudit(tx, {
      action: before ? 'trade.changed' : 'trade.opened',
      subjectType: 'account',
      subjectId: userId,
      before: before ? audited(before) : { email: account.email },
      after: audited(after),
    });
    return after;
  });
}

/** DELETE /customers/:id/trade: the account buys at list prices again (its past orders keep theirs). */
export async function closeTradeAccount(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // An account that owes on invoices keeps its terms until it has paid (decision 102).
    const [held] = await tx
      .select({ userId: tradeAccounts.userId })
      .from(tradeAccounts)
      .where(eq(tradeAccounts.userId, userId))
      .for('update');
    if (!held) throw notFound('Trade account');
    const balanceCents = await owedOnAccount(tx, userId);
    if (balanceCents > 0) throw new AppError('CONFLICT', onAccountMessages.owesOnClose(balanceCents));
    const [row] = await tx.delete(tradeAccounts).where(eq(tradeAccounts.userId, userId)).returning();
    if (!row) throw notFound('Trade account');
    await recordAudit(tx, {
      action: 'trade.closed',
      subjectType: 'account',
      subjectId: userId,
      before: { priceList: listOf(row) },
      after: {},
    });
  });
}
