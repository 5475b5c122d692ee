import type { AccountInvoice } from '../../../../contract/invoices';
import { formatCents } from '../../../../contract/money';
import type { OutgoingMail } from '../../../kernel/mail-delivery';
import type { Statement } from '../../../modules/receivables';
import { type MailContext, render } from '../layout';
import { linkTo } from '../mail-links';

/** The mails of an account on terms (decision 102): an overdue invoice's reminder, the month's statement. */

export function overdueInvoiceMail(
  to: { name: string; email: string },
  invoice: AccountInvoice,
  ctx: MailContext,
): OutgoingMail {
  return render(to.email, ctx, {
    subject: `${ctx.brand}: invoice ${invoice.invoiceNumber} is overdue`,
    heading: `Invoice ${invoice.invoiceNumber} is overdue`,
    paragraphs: [
      `Hello ${to.name || to.email},`,
      `Invoice ${invoice.invoiceNumber} for order ${invoice.orderNumber} was due on ${invoice.dueOn}; ${formatCents(invoice.openCents)} of it is still owed.`,
      'If you have paid it in the last few days, thank you: please ignore this reminder.',
    ],
    action: { label: 'Your invoices', url: linkTo(ctx, '/dashboard/profile') },
  });
}

export function statementMail(statement: Statement, ctx: MailContext): OutgoingMail {
  return render(statement.customerEmail, ctx, {
    subject: `${ctx.brand}: your statement for ${statement.month}`,
    heading: `Your statement for ${statement.month}`,
    paragraphs: [
      `Hello ${statement.customerName || statement.customerEmail},`,
      `Your account owed ${formatCents(statement.openingCents)} at the start of the month and ${formatCents(statement.closingCents)} at its end.`,
      ...(statement.openInvoices.some((i) => i.status === 'overdue')
        ? [
            `Overdue now: ${statement.openInvoices
              .filter((i) => i.status === 'overdue')
              .map((i) => `${i.invoiceNumber} (${formatCents(i.openCents)}, due ${i.dueOn})`)
              .join(', ')}.`,
          ]
        : []),
      'The statement is attached as a PDF.',
    ],
    action: { label: 'Your invoices', url: linkTo(ctx, '/dashboard/profile') },
  });
}
