import { and, eq, sql } from 'drizzle-orm';
import { ACCOUNT_PAYMENT_METHOD_LABELS, type AccountInvoice } from '../../../contract/invoices';
import { formatCents } from '../../../contract/money';
import { orderNumber } from '../../../contract/orders';
import type { Db } from '../../kernel/db';
import { accountCredits, accountInvoices, accountPayments, rowsOf, user } from '../../kernel/db';
import { notFound } from '../../kernel/errors';
import { documentDate, letterPdf, type PdfColumn, pdfTableRow } from '../../kernel/http';
import { dayOf, monthBounds } from './days';
import { invoiceNumberOf, toInvoice } from './invoices';

/**
 * A month's statement of an account (decision 102): what it owed at the start, each invoice,
 * credit and payment of the month in order, what it owed at the end, and the invoices still open
 * at the end with their due days. Built from the rows themselves: invoices by the day they were
 * issued, credits (refunds taken off an invoice) by the day they succeeded, payments by the day
 * they were received; so the balances add up however the month's rows were entered.
 */
export interface StatementLine {
  day: string;
  what: string;
  chargeCents: number;
  creditCents: number;
  balanceCents: number;
}
export interface Statement {
  month: string;
  customerName: string;
  customerEmail: string;
  openingCents: number;
  lines: StatementLine[];
  closingCents: number;
  openInvoices: AccountInvoice[];
}

type Move = { day: string; kind: 'invoice' | 'credit' | 'payment'; what: string; cents: number };

export async function statementOf(db: Db, userId: string, month: string): Promise<Statement> {
  const [customer] = await db
    .select({ name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, userId));
  if (!customer) throw notFound('Customer');
  const { start, end } = monthBounds(month);
  const moves = rowsOf<{ day: string; kind: Move['kind']; what: string; cents: string }>(
    await db.execute(sql`
      select to_char(i.issued_at at time zone 'UTC', 'YYYY-MM-DD') as day, 'invoice' as kind,
        coalesce(i.invoice_number, 0)::text || ':' || i.order_number::text as what, i.amount_cents::text as cents
      from ${accountInvoices} i
      where i.user_id = ${userId} and i.issued_at < ${end}::date
      union all
      select to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD'), 'credit',
        coalesce(i.invoice_number, 0)::text || ':' || i.order_number::text, c.amount_cents::text
      from ${accountCredits} c join ${accountInvoices} i on i.id = c.invoice_id
      where c.user_id = ${userId} and c.created_at < ${end}::date
      union all
      select p.received_on::text, 'payment', p.method || ':' || coalesce(p.reference, ''), p.amount_cents::text
      from ${accountPayments} p
      where p.user_id = ${userId} and p.received_on < ${end}::date
      order by 1, 2 desc`),
  );
  let openingCents = 0;
  let running = 0;
  const lines: StatementLine[] = [];
  for (const m of moves) {
    const cents = Number(m.cents);
    const delta = m.kind === 'invoice' ? cents : -cents;
    if (m.day < start) {
      openingCents += delta;
      running = openingCents;
      continue;
    }
    running += delta;
    lines.push({
      day: m.day,
      what: describe(m.kind, m.what),
      chargeCents: m.kind === 'invoice' ? cents : 0,
      creditCents: m.kind === 'invoice' ? 0 : cents,
      balanceCents: running,
    });
  }
  const open = await db
    .select({
      id: accountInvoices.id,
      orderId: accountInvoices.orderId,
      amountCents: accountInvoices.amountCents,
      creditedCents: accountInvoices.creditedCents,
      paidCents: accountInvoices.paidCents,
      issuedAt: accountInvoices.issuedAt,
      dueOn: accountInvoices.dueOn,
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
    .orderBy(accountInvoices.dueOn);
  return {
    month,
    customerName: customer.name,
    customerEmail: customer.email,
    openingCents,
    lines,
    closingCents: running,
    openInvoices: open.map((r) => toInvoice(r, dayOf(new Date()))),
  };
}

function describe(kind: Move['kind'], what: string): string {
  if (kind === 'payment') {
    const [method, reference] = what.split(':');
    const label =
      ACCOUNT_PAYMENT_METHOD_LABELS[method as keyof typeof ACCOUNT_PAYMENT_METHOD_LABELS] ?? method;
    return `Payment, ${label.toLowerCase()}${reference ? ` ${reference}` : ''}`;
  }
  const [invoiceNo, orderNo] = what.split(':').map(Number) as [number, number];
  const name = invoiceNumberOf(invoiceNo || null, orderNo);
  return kind === 'invoice' ? `${name} (order ${orderNumber(orderNo)})` : `Credit on ${name}`;
}

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

/** The statement as a PDF: the file the monthly mail carries and the account page downloads. */
export async function statementPdf(statement: Statement, brand: string): Promise<Buffer> {
  const page = await letterPdf({ Title: `Statement ${statement.month}`, Author: brand });
  const { doc, left, width, done } = page;
  doc.font('Helvetica-Bold').fontSize(20).text(brand);
  doc.moveDown(0.8);
  doc.fontSize(14).text(`Statement for ${monthName(statement.month)}`);
  doc.font('Helvetica').fontSize(10);
  doc.text(`${statement.customerName} <${statement.customerEmail}>`);
  doc.moveDown();
  const cols: PdfColumn[] = [
    { label: 'Date', x: left, w: width * 0.18, align: 'left' },
    { label: 'Description', x: left + width * 0.18, w: width * 0.4, align: 'left' },
    { label: 'Charges', x: left + width * 0.58, w: width * 0.14, align: 'right' },
    { label: 'Credits', x: left + width * 0.72, w: width * 0.14, align: 'right' },
    { label: 'Balance', x: left + width * 0.86, w: width * 0.14, align: 'right' },
  ];
  const row = (cells: string[], bold = false) => pdfTableRow(page, cols, cells, bold);
  row(
    cols.map((c) => c.label),
    true,
  );
  row(['', 'Opening balance', '', '', formatCents(statement.openingCents)]);
  for (const l of statement.lines)
    row([
      documentDate(`${l.day}T00:00:00Z`),
      l.what,
      l.chargeCents ? formatCents(l.chargeCents) : '',
      l.creditCents ? formatCents(l.creditCents) : '',
      formatCents(l.balanceCents),
    ]);
  row(['', 'Closing balance', '', '', formatCents(statement.closingCents)], true);
  doc.moveDown();
  if (statement.openInvoices.length > 0) {
    doc.font('Helvetica-Bold').text('Open invoices', left, doc.y);
    doc.moveDown(0.3);
    const open: PdfColumn[] = [
      { label: 'Invoice', x: left, w: width * 0.25, align: 'left' },
      { label: 'Order', x: left + width * 0.25, w: width * 0.2, align: 'left' },
      { label: 'Due', x: left + width * 0.45, w: width * 0.25, align: 'left' },
      { label: 'Owed', x: left + width * 0.7, w: width * 0.3, align: 'right' },
    ];
    pdfTableRow(
      page,
      open,
      open.map((c) => c.label),
      true,
    );
    for (const i of statement.openInvoices)
      pdfTableRow(page, open, [
        i.invoiceNumber,
        i.orderNumber,
        `${documentDate(`${i.dueOn}T00:00:00Z`)}${i.status === 'overdue' ? ' (overdue)' : ''}`,
        formatCents(i.openCents),
      ]);
  }
  doc.end();
  return done;
}
