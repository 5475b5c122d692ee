import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type AccountInvoice,
  type AccountInvoices,
  type AccountPayment,
  type AccountStanding,
  invoiceStatusOf,
  type OpenInvoices,
  onAccountMessages,
} from '../../../contract/invoices';
import { invoiceNumberText, orderNumber } from '../../../contract/orders';
import type { OnAccountTerms } from '../../../contract/trade';
import type { Db, Tx } from '../../kernel/db';
import {
  accountBalances,
  accountInvoices,
  accountPaymentLines,
  accountPayments,
  user,
} from '../../kernel/db';
import { addDays, dayOf } from './days';

/** Reading invoices on account (decision 102): an account's, and the store's open ones. */

const invoiceColumns = {
  id: accountInvoices.id,
  orderId: accountInvoices.orderId,
  userId: accountInvoices.userId,
  amountCents: accountInvoices.amountCents,
  creditedCents: accountInvoices.creditedCents,
  paidCents: accountInvoices.paidCents,
  issuedAt: accountInvoices.issuedAt,
  dueOn: accountInvoices.dueOn,
  orderNo: accountInvoices.orderNumber,
  invoiceNo: accountInvoices.invoiceNumber,
};
type InvoiceRow = {
  id: string;
  orderId: string;
  amountCents: number;
  creditedCents: number;
  paidCents: number;
  issuedAt: Date;
  dueOn: string;
  orderNo: number;
  invoiceNo: number | null;
};

/** An invoice's number: its order's invoice number, given when the order was put on account. */
export const invoiceNumberOf = (n: number | null, orderNo: number) =>
  n === null ? orderNumber(orderNo) : invoiceNumberText(Number(n));

export function toInvoice(row: InvoiceRow, today: string): AccountInvoice {
  const openCents = row.amountCents - row.creditedCents - row.paidCents;
  return {
    id: row.id,
    orderId: row.orderId,
    orderNumber: orderNumber(row.orderNo),
    invoiceNumber: invoiceNumberOf(row.invoiceNo, row.orderNo),
    amountCents: row.amountCents,
    creditedCents: row.creditedCents,
    paidCents: row.paidCents,
    openCents,
    issuedAt: row.issuedAt.toISOString(),
    dueOn: row.dueOn,
    status: invoiceStatusOf({ openCents, dueOn: row.dueOn }, today),
  };
}

/** An account's terms (the accounts room's), balance and whether it may order on account now. */
export async function standingOf(
  db: Db | Tx,
  userId: string,
  onAccount: OnAccountTerms | null,
  overdueDays: number,
  now = new Date(),
): Promise<AccountStanding> {
  const today = dayOf(now);
  const [balance] = await db
    .select({ cents: accountBalances.balanceCents })
    .from(accountBalances)
    .where(eq(accountBalances.userId, userId));
  const [late] = await db
    .select({
      overdue: sql<string>`coalesce(sum(${accountInvoices.amountCents} - ${accountInvoices.creditedCents} - ${accountInvoices.paidCents}), 0)`,
      oldest: sql<string | null>`min(${accountInvoices.dueOn})::text`,
    })
    .from(accountInvoices)
    .where(
      and(
        eq(accountInvoices.userId, userId),
        sql`${accountInvoices.creditedCents} + ${accountInvoices.paidCents} < ${accountInvoices.amountCents}`,
        sql`${accountInvoices.dueOn} < ${today}::date`,
      ),
    );
  const balanceCents = balance?.cents ?? 0;
  const oldest = late?.oldest ?? null;
  const stoppedBecause = !onAccount
    ? onAccountMessages.noTerms
    : oldest !== null && oldest < addDays(today, -overdueDays)
      ? onAccountMessages.overdue(overdueDays)
      : null;
  return {
    terms: onAccount,
    balanceCents,
    availableCents: onAccount ? Math.max(0, onAccount.creditLimitCents - balanceCents) : 0,
    overdueCents: Number(late?.overdue ?? 0),
    stoppedBecause,
  };
}

/** An account's invoices (newest first) and payments, with where it stands. */
export async function invoicesOf(
  db: Db,
  userId: string,
  terms: OnAccountTerms | null,
  overdueDays: number,
  now = new Date(),
): Promise<AccountInvoices> {
  const today = dayOf(now);
  const rows = await db
    .select(invoiceColumns)
    .from(accountInvoices)
    .where(eq(accountInvoices.userId, userId))
    .orderBy(desc(accountInvoices.issuedAt))
    .limit(500);
  return {
    standing: await standingOf(db, userId, terms, overdueDays, now),
    invoices: rows.map((r) => toInvoice(r, today)),
    payments: await paymentsOf(db, userId),
  };
}

/** An account's payments on account, newest first, each with the invoices it paid. */
export async function paymentsOf(db: Db | Tx, userId: string, ids?: string[]): Promise<AccountPayment[]> {
  const payments = await db
    .select()
    .from(accountPayments)
    .where(and(eq(accountPayments.userId, userId), ids ? inArray(accountPayments.id, ids) : undefined))
    .orderBy(desc(accountPayments.createdAt))
    .limit(500);
  if (payments.length === 0) return [];
  const lines = await db
    .select({
      paymentId: accountPaymentLines.paymentId,
      invoiceId: accountPaymentLines.invoiceId,
      amountCents: accountPaymentLines.amountCents,
      orderNo: accountInvoices.orderNumber,
      invoiceNo: accountInvoices.invoiceNumber,
    })
    .from(accountPaymentLines)
    .innerJoin(accountInvoices, eq(accountInvoices.id, accountPaymentLines.invoiceId))
    .where(
      inArray(
        accountPaymentLines.paymentId,
        payments.map((p) => p.id),
      ),
    );
  return payments.map((p) => ({
    id: p.id,
    method: p.method,
    amountCents: p.amountCents,
    reference: p.reference,
    receivedOn: p.receivedOn,
    lines: lines
      .filter((l) => l.paymentId === p.id)
      .map((l) => ({
        invoiceId: l.invoiceId,
        invoiceNumber: invoiceNumberOf(l.invoiceNo, l.orderNo),
        amountCents: l.amountCents,
      })),
    createdAt: p.createdAt.toISOString(),
  }));
}

/** GET /invoices: every open invoice of the store, the most overdue first. */
export async function openInvoices(db: Db, now = new Date()): Promise<OpenInvoices> {
  const today = dayOf(now);
  const rows = await db
    .select({ ...invoiceColumns, customerName: user.name, customerEmail: user.email })
    .from(accountInvoices)
    .innerJoin(user, eq(user.id, accountInvoices.userId))
    .where(
      sql`${accountInvoices.creditedCents} + ${accountInvoices.paidCents} < ${accountInvoices.amountCents}`,
    )
    .orderBy(accountInvoices.dueOn, accountInvoices.issuedAt)
    .limit(1_000);
  const invoices = rows.map((r) => ({
    ...toInvoice(r, today),
    userId: r.userId,
    customerName: r.customerName,
    customerEmail: r.customerEmail,
  }));
  return { invoices, totalOpenCents: invoices.reduce((sum, i) => sum + i.openCents, 0) };
}

/** One invoice as its reminder mail reads it, with its customer. */
export async function invoiceForMail(db: Db, invoiceId: string, now = new Date()) {
  const [row] = await db
    .select({ ...invoiceColumns, customerName: user.name, customerEmail: user.email })
    .from(accountInvoices)
    .innerJoin(user, eq(user.id, accountInvoices.userId))
    .where(eq(accountInvoices.id, invoiceId));
  if (!row) return null;
  return {
    invoice: toInvoice(row, dayOf(now)),
    userId: row.userId,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
  };
}
