import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountPaymentMethods } from '../../../contract/invoices';
import { user } from './auth-schema';
import { orders } from './order-core-schema';

/**
 * Orders on account (decision 102), written by modules/receivables only. What an account owes is
 * one row a CHECK keeps at zero or above, moved by conditional updates: an order charged to it
 * takes it up only while it stays within the credit limit, so two orders at once from two
 * instances never pass the limit. Each order on account is an invoice; payments are split over
 * invoices by their lines; a month's statement is marked sent once per account.
 */
export const accountBalances = pgTable(
  'account_balances',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'restrict' }),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('account_balances_never_negative', sql`${t.balanceCents} >= 0`)],
);

export const accountInvoices = pgTable(
  'account_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    /** The order's number and its invoice number, as they were when it was put on account. */
    orderNumber: bigint('order_number', { mode: 'number' }).notNull(),
    invoiceNumber: bigint('invoice_number', { mode: 'number' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    creditedCents: bigint('credited_cents', { mode: 'number' }).notNull().default(0),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** The last overdue reminder; the reminders' job claims an invoice by moving it. */
    remindedAt: timestamp('reminded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check(
      'account_invoices_amounts',
      sql`${t.amountCents} > 0 and ${t.creditedCents} >= 0 and ${t.paidCents} >= 0 and ${t.creditedCents} + ${t.paidCents} <= ${t.amountCents}`,
    ),
    index('account_invoices_user_idx').on(t.userId, t.issuedAt),
    index('account_invoices_open_idx')
      .on(t.dueOn)
      .where(sql`${t.creditedCents} + ${t.paidCents} < ${t.amountCents}`),
  ],
);

export const accountPayments = pgTable(
  'account_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    method: text('method', { enum: accountPaymentMethods }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reference: text('reference'),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('account_payments_positive', sql`${t.amountCents} > 0`),
    index('account_payments_user_idx').on(t.userId, t.createdAt),
  ],
);

export const accountPaymentLines = pgTable(
  'account_payment_lines',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => accountPayments.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => accountInvoices.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.invoiceId] }),
    check('account_payment_lines_positive', sql`${t.amountCents} > 0`),
    index('account_payment_lines_invoice_idx').on(t.invoiceId),
  ],
);

/** What refunds took off an invoice, each when it succeeded: the statement's credits. */
export const accountCredits = pgTable(
  'account_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => accountInvoices.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    /** The refund that gave it (no reference: refunds point at this room's rows, not back). */
    refundId: uuid('refund_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('account_credits_positive', sql`${t.amountCents} > 0`),
    index('account_credits_user_idx').on(t.userId, t.createdAt),
  ],
);

/** A month's statement mailed to an account: the row is the claim, so one instance mails it once. */
export const accountStatements = pgTable(
  'account_statements',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** YYYY-MM. */
    month: text('month').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);
