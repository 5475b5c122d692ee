import type { Db } from '../../../kernel/db';
import type { Mailer } from '../../../kernel/mail-delivery';
import { deliverMail } from '../../../kernel/mail-delivery';
import type { MessageHandler, Topics } from '../../../kernel/outbox';
import { getCustomer } from '../../../modules/accounts';
import { quoteById, quoteToken } from '../../../modules/orders';
import type { MailContext } from '../layout';
import { quoteMail } from '../templates/quote-mails';

/**
 * The `quote-mail` subscriber: a quote's link, mailed to its customer as the quote stands at
 * delivery (the link is signed again from the store's secret: it is never stored), recorded under
 * the message's key (a redelivery sends nothing twice).
 */
export function quoteMailHandler(
  db: Db,
  mailer: Mailer | undefined,
  ctx: MailContext,
  secret: string,
): MessageHandler {
  return async (message, delivery) => {
    if (message.topic !== 'quote.sent') return;
    const { quoteId } = message.payload as Topics['quote.sent'];
    const quote = await quoteById(db, quoteId);
    if (!quote) return;
    const { customer } = await getCustomer(db, quote.userId);
    await deliverMail(
      db,
      mailer,
      delivery,
      `quote-mail:${message.key}`,
      quoteMail(
        { name: customer.displayName, email: customer.email },
        {
          lineCount: quote.lines.length,
          expiresOn: quote.expiresAt.toISOString().slice(0, 10),
          note: quote.note,
        },
        `/quote/${quoteToken(secret, quote.id)}`,
        ctx,
      ),
    );
  };
}
