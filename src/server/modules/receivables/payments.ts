import { and, eq, sql } from 'drizzle-orm';
import { type AccountPayment, type AccountPaymentInput, onAccountMessages } from '../../../contract/invoices';
import { recordAudit } from '../../kernel/audit';
import type { Db } from '../../kernel/db';
import { accountBalances, accountInvoices, accountPaymentLines, accountPayments } from '../../kernel/db';
import { AppError } from '../../kernel/errors';
import { invoiceNumberOf, paymentsOf } from './invoices';

/**
 * A payment received from a shop (a card taken by phone, a check, a bank transfer), recorded
 * against its invoices (decision 102). The account's balance row is held first, so two payments
 * of one account are split over its invoices one after the other; a payment may not be more than
 * the open invoices owe. With no lines given it pays the invoices due first; with lines, each
 * names an invoice of this account and at most what it owes, and they add up to the payment.
 */
export async function recordPayment(
  db: Db,
  userId: string,
  input: AccountPaymentInput,
  recordedBy: string | null,
): Promise<AccountPayment> {
  const paymentId = await db.transaction(async (tx) => {
    await tx
      .select({ userId: accountBalances.userId })
      .from(accountBalances)
      .where(eq(accountBalances.userId, userId))
      .for('update');
    const open = await tx
      .select({
        id: accountInvoices.id,
        openCents: sql<number>`(${accountInvoices.amountCents} - ${accountInvoices.creditedCents} - ${accountInvoices.paidCents})::int`,
        orderNo: accountInvoices.orderNumber,
        invoiceNo: accountInvoices.invoiceNumber,
      })
      .from(accountInvoices)
      .where(
        and(
          eq(accountInvoices.userId, userId),
          sql`${accountInvoices.creditedCents} + ${accountInvoices.paidCents} < ${accountInvoices.amountCents}`,
        ),
      )
      .orderBy(accountInvoices.dueOn, accountInvoices.issuedAt)
      .for('update');
    if (open.length === 0) throw new AppError('CONFLICT', onAccountMessages.nothingOpen);
    const totalOpen = open.reduce((sum, i) => sum + Number(i.openCents), 0);
    if (input.amountCents > totalOpen)
      throw new AppError('CONFLICT', onAccountMessages.paymentTooLarge(totalOpen));
    const lines = input.lines?.length ? chosenLines(input, open) : oldestFirst(input.amountCents, open);
    const [payment] = await tx
      .insert(accountPayments)
      .values({
        userId,
        method: input.method,
        amountCents: input.amountCents,
        reference: input.reference || null,
        receivedOn: input.receivedOn,
        recordedBy,
      })
      .returning({ id: accountPayments.id });
    if (!payment) throw new Error('payment not written');
    await tx.insert(accountPaymentLines).values(lines.map((l) => ({ paymentId: payment.id, ...l })));
    for (const line of lines)
      await tx
        .update(accountInvoices)
        .set({ paidCents: sql`${accountInvoices.paidCents} + ${line.amountCents}` })
        .where(eq(accountInvoices.id, line.invoiceId));
    await tx
      .update(accountBalances)
      .set({ balanceCents: sql`${accountBalances.balanceCents} - ${input.amountCents}` })
      .where(eq(accountBalances.userId, userId));
    await recordAudit(tx, {
      action: 'invoice_payment.recorded',
      subjectType: 'invoice_payment',
      subjectId: payment.id,
      before: { userId, openCents: totalOpen },
      after: {
        userId,
        method: input.method,
        amountCents: input.amountCents,
        reference: input.reference ?? null,
        receivedOn: input.receivedOn,
        lines,
      },
    });
    return payment.id;
  });
  const [payment] = await paymentsOf(db, userId, [paymentId]);
  if (!payment) throw new Error('payment vanished');
  return payment;
}

type OpenInvoice = { id: string; openCents: number; orderNo: number; invoiceNo: number | null };

function oldestFirst(amountCents: number, open: OpenInvoice[]) {
  const lines: { invoiceId: string; amountCents: number }[] = [];
  let left = amountCents;
  for (const invoice of open) {
    if (left <= 0) break;
    const cents = Math.min(left, Number(invoice.openCents));
    lines.push({ invoiceId: invoice.id, amountCents: cents });
    left -= cents;
  }
  return lines;
}

function chosenLines(input: AccountPaymentInput, open: OpenInvoice[]) {
  const lines = input.lines ?? [];
  const seen = new Set<string>();
  for (const line of lines) {
    const invoice = open.find((i) => i.id === line.invoiceId);
    if (!invoice || seen.has(line.invoiceId)) throw new AppError('CONFLICT', onAccountMessages.notOpen);
    seen.add(line.invoiceId);
    if (line.amountCents > Number(invoice.openCents))
      throw new AppError(
        'CONFLICT',
        onAccountMessages.lineTooLarge(
          invoiceNumberOf(invoice.invoiceNo, invoice.orderNo),
          Number(invoice.openCents),
        ),
      );
  }
  if (lines.reduce((sum, l) => sum + l.amountCents, 0) !== input.amountCents)
    throw new AppError('VALIDATION_FAILED', onAccountMessages.linesDiffer, [
      { path: 'lines', message: onAccountMessages.linesDiffer },
    ]);
  return lines.map((l) => ({ invoiceId: l.invoiceId, amountCents: l.amountCents }));
}
