import { and, eq, sql } from 'drizzle-orm';
import { onAccountMessages } from '../../../contract/invoices';
import type { OnAccountTerms } from '../../../contract/trade';
import type { Db, Tx } from '../../kernel/db';
import { accountBalances, accountCredits, accountInvoices } from '../../kernel/db';
import { AppError } from '../../kernel/errors';
import { addDays, dayOf } from './days';

/**
 * What an account owes, moved only here (decision 102). Charging an order takes the balance up in
 * one conditional statement that holds the account's row: a second order at the same time waits,
 * then sees the first one's charge and is refused when the two would pass the limit, whichever
 * instance it came through.
 */

export interface ChargedInvoice {
  invoiceId: string;
  dueOn: string;
}

/**
 * An order's amount charged to its customer's account, as an invoice, inside the caller's
 * transaction. The terms are the accounts room's, read by the caller in share mode (the owner
 * lowering the limit waits for this order); the order's numbers are kept on the invoice.
 */
export async function chargeAccount(
  tx: Tx,
  input: {
    userId: string;
    terms: OnAccountTerms | null;
    orderId: string;
    orderNumber: number;
    invoiceNumber: number | null;
    amountCents: number;
    /** Days an invoice may be overdue before the account orders on account no more (the owner's setting). */
    overdueDays: number;
    now?: Date;
  },
): Promise<ChargedInvoice> {
  const now = input.now ?? new Date();
  const { terms } = input;
  if (!terms) throw new AppError('CONFLICT', onAccountMessages.noTerms);
  const limit = terms.creditLimitCents;
  const today = dayOf(now);
  const [late] = await tx
    .select({ id: accountInvoices.id })
    .from(accountInvoices)
    .where(
      and(
        eq(accountInvoices.userId, input.userId),
        sql`${accountInvoices.creditedCents} + ${accountInvoices.paidCents} < ${accountInvoices.amountCents}`,
        sql`${accountInvoices.dueOn} < ${addDays(today, -input.overdueDays)}::date`,
      ),
    )
    .limit(1);
  if (late) throw new AppError('CONFLICT', onAccountMessages.overdue(input.overdueDays));
  const refuse = async () => {
    const [row] = await tx
      .select({ balance: accountBalances.balanceCents })
      .from(accountBalances)
      .where(eq(accountBalances.userId, input.userId));
    return new AppError('CONFLICT', onAccountMessages.overLimit(limit - (row?.balance ?? 0)));
  };
  if (input.amountCents > limit) throw await refuse();
  const [taken] = await tx
    .insert(accountBalances)
    .values({ userId: input.userId, balanceCents: input.amountCents })
    .onConflictDoUpdate({
      target: accountBalances.userId,
      set: { balanceCents: sql`${accountBalances.balanceCents} + excluded.balance_cents` },
      setWhere: sql`${accountBalances.balanceCents} + excluded.balance_cents <= ${limit}`,
    })
    .returning({ balance: accountBalances.balanceCents });
  if (!taken) throw await refuse();
  const dueOn = addDays(today, terms.termsDays);
  const [invoice] = await tx
    .insert(accountInvoices)
    .values({
      orderId: input.orderId,
      orderNumber: input.orderNumber,
      invoiceNumber: input.invoiceNumber,
      userId: input.userId,
      amountCents: input.amountCents,
      issuedAt: now,
      dueOn,
    })
    .returning({ id: accountInvoices.id });
  if (!invoice) throw new Error('invoice not written');
  return { invoiceId: invoice.id, dueOn };
}

/** What an order's invoice still owes, its row held until the caller's commit (0: no invoice). */
export async function invoiceOpenOf(tx: Tx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({
      open: sql<string>`${accountInvoices.amountCents} - ${accountInvoices.creditedCents} - ${accountInvoices.paidCents}`,
    })
    .from(accountInvoices)
    .where(eq(accountInvoices.orderId, orderId))
    .for('update');
  return row ? Number(row.open) : 0;
}

/**
 * A refund of an order on account taken off its invoice and off the account's balance. Returns
 * what the invoice could not take: a payment recorded since the refund was claimed may have left
 * less open than asked; the caller gives that part as store credit instead.
 */
export async function creditInvoice(
  tx: Tx,
  orderId: string,
  refundId: string,
  cents: number,
): Promise<number> {
  const [invoice] = await tx
    .select()
    .from(accountInvoices)
    .where(eq(accountInvoices.orderId, orderId))
    .for('update');
  if (!invoice) return cents;
  const taken = Math.min(cents, invoice.amountCents - invoice.creditedCents - invoice.paidCents);
  if (taken <= 0) return cents;
  await tx
    .update(accountInvoices)
    .set({ creditedCents: sql`${accountInvoices.creditedCents} + ${taken}` })
    .where(eq(accountInvoices.id, invoice.id));
  await tx
    .update(accountBalances)
    .set({ balanceCents: sql`${accountBalances.balanceCents} - ${taken}` })
    .where(eq(accountBalances.userId, invoice.userId));
  await tx
    .insert(accountCredits)
    .values({ invoiceId: invoice.id, userId: invoice.userId, refundId, amountCents: taken });
  return cents - taken;
}

/** What an account owes on its invoices now. */
export async function owedOnAccount(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ cents: accountBalances.balanceCents })
    .from(accountBalances)
    .where(eq(accountBalances.userId, userId));
  return row?.cents ?? 0;
}

/**
 * More charged to an order's invoice (parts added before it shipped, decision 103), within the
 * credit limit by the same conditional update as a new order's charge.
 */
export async function extendInvoice(
  tx: Tx,
  input: { userId: string; orderId: string; cents: number; terms: OnAccountTerms | null },
): Promise<void> {
  const { terms } = input;
  if (!terms) throw new AppError('CONFLICT', onAccountMessages.noTerms);
  const [taken] = await tx
    .update(accountBalances)
    .set({ balanceCents: sql`${accountBalances.balanceCents} + ${input.cents}` })
    .where(
      and(
        eq(accountBalances.userId, input.userId),
        sql`${accountBalances.balanceCents} + ${input.cents} <= ${terms.creditLimitCents}`,
      ),
    )
    .returning({ balance: accountBalances.balanceCents });
  if (!taken) {
    const owed = await owedOnAccount(tx, input.userId);
    throw new AppError('CONFLICT', onAccountMessages.overLimit(terms.creditLimitCents - owed));
  }
  await tx
    .update(accountInvoices)
    .set({ amountCents: sql`${accountInvoices.amountCents} + ${input.cents}` })
    .where(eq(accountInvoices.orderId, input.orderId));
}
