import type { Db } from '../../../kernel/db';
import type { Mailer } from '../../../kernel/mail-delivery';
import { deliverMail } from '../../../kernel/mail-delivery';
import type { MessageHandler, Topics } from '../../../kernel/outbox';
import { invoiceForMail, statementOf, statementPdf } from '../../../modules/receivables';
import type { MailContext } from '../layout';
import { overdueInvoiceMail, statementMail } from '../templates/account-statement-mails';

/**
 * The `account-statement-mail` subscriber: an overdue invoice's reminder (not sent when it was
 * paid or credited meanwhile) and a month's statement with its PDF, each as the rows stand at
 * delivery, recorded under the message's key (a redelivery sends nothing twice).
 */
export function accountStatementMailHandler(
  db: Db,
  mailer: Mailer | undefined,
  ctx: MailContext,
): MessageHandler {
  return async (message, delivery) => {
    if (message.topic === 'invoice.overdue') {
      const { invoiceId } = message.payload as Topics['invoice.overdue'];
      const found = await invoiceForMail(db, invoiceId);
      if (!found || found.invoice.openCents <= 0) return;
      await deliverMail(
        db,
        mailer,
        delivery,
        `account-statement-mail:${message.key}`,
        overdueInvoiceMail({ name: found.customerName, email: found.customerEmail }, found.invoice, ctx),
      );
      return;
    }
    if (message.topic !== 'statement.ready') return;
    const { userId, month } = message.payload as Topics['statement.ready'];
    const statement = await statementOf(db, userId, month);
    const attachments = mailer
      ? [
          {
            filename: `statement-${month}.pdf`,
            contentType: 'application/pdf',
            content: await statementPdf(statement, ctx.brand),
          },
        ]
      : undefined;
    await deliverMail(db, mailer, delivery, `account-statement-mail:${message.key}`, {
      ...statementMail(statement, ctx),
      ...(attachments ? { attachments } : {}),
    });
  };
}
