import { z } from 'zod';
import { formatCents } from './money';
import { Day, OnAccountTerms } from './trade';

/**
 * Orders on account (decision 102): a trade account with terms orders without a card, within its
 * credit limit; each such order is an invoice due after its terms (net 15 or 30). Payments (card
 * taken by phone, check, bank transfer) are recorded against one or more invoices, in part or in
 * full; overdue invoices are reminded by mail, a statement goes out every month, and an account
 * with an invoice overdue beyond the owner's setting orders on account no more until it pays.
 */

export const accountPaymentMethods = ['card', 'check', 'bank_transfer'] as const;
export type AccountPaymentMethod = (typeof accountPaymentMethods)[number];
export const ACCOUNT_PAYMENT_METHOD_LABELS: Record<AccountPaymentMethod, string> = {
  card: 'Card',
  check: 'Check',
  bank_transfer: 'Bank transfer',
};

export const invoiceStatuses = ['open', 'overdue', 'paid'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Open',
  overdue: 'Overdue',
  paid: 'Paid',
};

export const AccountInvoice = z.object({
  id: z.string(),
  orderId: z.string(),
  /** "TW-10042". */
  orderNumber: z.string(),
  /** The order's invoice number ("INV-000042"). */
  invoiceNumber: z.string(),
  amountCents: z.number().int(),
  /** Taken off by refunds of the order. */
  creditedCents: z.number().int(),
  paidCents: z.number().int(),
  /** What is still owed: amount less credited less paid. */
  openCents: z.number().int(),
  issuedAt: z.string(),
  dueOn: z.string(),
  status: z.enum(invoiceStatuses),
});
export type AccountInvoice = z.infer<typeof AccountInvoice>;

export const AccountPayment = z.object({
  id: z.string(),
  method: z.enum(accountPaymentMethods),
  amountCents: z.number().int(),
  reference: z.string().nullable(),
  receivedOn: z.string(),
  lines: z.array(
    z.object({ invoiceId: z.string(), invoiceNumber: z.string(), amountCents: z.number().int() }),
  ),
  createdAt: z.string(),
});
export type AccountPayment = z.infer<typeof AccountPayment>;

/** Where an account stands: its terms, what it owes, what it may still order on account. */
export const AccountStanding = z.object({
  terms: OnAccountTerms.nullable(),
  balanceCents: z.number().int(),
  /** The credit limit less the balance (0 when over it or without terms). */
  availableCents: z.number().int(),
  overdueCents: z.number().int(),
  /** Why the account may not order on account now, in the buyer's words; null when it may. */
  stoppedBecause: z.string().nullable(),
});
export type AccountStanding = z.infer<typeof AccountStanding>;

/** GET /account/invoices and GET /customers/:id/invoices. */
export const AccountInvoices = z.object({
  standing: AccountStanding,
  invoices: z.array(AccountInvoice),
  payments: z.array(AccountPayment),
});
export type AccountInvoices = z.infer<typeof AccountInvoices>;

/** GET /invoices (customers.read): the store's open invoices, the overdue first. */
export const OpenInvoice = AccountInvoice.extend({
  userId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
});
export type OpenInvoice = z.infer<typeof OpenInvoice>;
export const OpenInvoices = z.object({ invoices: z.array(OpenInvoice), totalOpenCents: z.number().int() });
export type OpenInvoices = z.infer<typeof OpenInvoices>;

/**
 * POST /customers/:id/payments (invoices.write): a payment received, and the invoices it pays. With
 * no lines it pays the oldest open invoices first; it may not be more than they owe.
 */
export const AccountPaymentInput = z.object({
  method: z.enum(accountPaymentMethods, { error: 'Choose how it was paid' }),
  amountCents: z
    .number({ error: 'Give the amount' })
    .int('Give the amount in whole cents')
    .min(1, 'A payment is at least $0.01')
    .max(100_000_000, 'At most $1,000,000.00'),
  reference: z.string().trim().max(80, 'At most 80 characters').optional(),
  receivedOn: Day,
  lines: z
    .array(
      z.object({
        invoiceId: z.uuid({ error: 'Choose an invoice' }),
        amountCents: z.number().int().min(1, 'At least $0.01'),
      }),
    )
    .max(200)
    .optional(),
});
export type AccountPaymentInput = z.infer<typeof AccountPaymentInput>;

/** GET /account/statement.pdf?month=2026-11 (and a customer's, for staff). */
export const StatementQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Give the month as YYYY-MM'),
});

export const onAccountMessages = {
  noTerms: 'Your account does not order on account.',
  guests: 'Sign in with a trade account to order on account.',
  notUnpaid: 'Only an unpaid order can be put on account.',
  overLimit: (availableCents: number) =>
    `This order is over your credit limit: ${formatCents(Math.max(0, availableCents))} is available on account.`,
  overdue: (days: number) =>
    `An invoice on your account is more than ${days} ${days === 1 ? 'day' : 'days'} overdue: pay it to order on account again.`,
  paymentTooLarge: (openCents: number) =>
    `This payment is more than the open invoices owe (${formatCents(openCents)}).`,
  linesDiffer: 'The invoices paid must add up to the payment.',
  lineTooLarge: (invoiceNumber: string, openCents: number) =>
    `${invoiceNumber} owes ${formatCents(openCents)}: pay at most that on it.`,
  notOpen: 'Name each invoice paid once, and only open invoices of this customer.',
  nothingOpen: 'This customer has no open invoices.',
  owesOnClose: (balanceCents: number) =>
    `This account owes ${formatCents(balanceCents)} on invoices: close it once they are paid.`,
  paidOnAccount: (invoiceNumber: string, dueOn: string) => `On account: ${invoiceNumber}, due ${dueOn}`,
} as const;

/** An invoice's status from its figures, on the store's day (YYYY-MM-DD, UTC). */
export const invoiceStatusOf = (i: { openCents: number; dueOn: string }, today: string): InvoiceStatus =>
  i.openCents <= 0 ? 'paid' : i.dueOn < today ? 'overdue' : 'open';
