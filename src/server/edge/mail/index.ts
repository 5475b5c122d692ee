import type { Db } from '../../kernel/db';
import type { ModuleDescriptor } from '../../kernel/jobs';
import type { Mailer } from '../../kernel/mail-delivery';
import { subscribe } from '../../kernel/outbox';
import type { MailContext } from './layout';
import { accountStatementMailHandler } from './subscribers/account-statement-subscriber';
import { accountMailHandler } from './subscribers/account-subscriber';
import { contactMailHandler } from './subscribers/contact-subscriber';
import { orderMailHandler } from './subscribers/order-subscriber';
import { purchasingMailHandler } from './subscribers/purchasing-subscriber';
import { quoteMailHandler } from './subscribers/quote-subscriber';
import { tradeMailHandler } from './subscribers/trade-subscriber';

/**
 * The customers' mails, each an outbox subscriber that writes its mail from the rows as they are at
 * delivery, records it under the message's key (a redelivery sends nothing twice) and sends it
 * through SMTP, or only keeps it in the Mailbox when no SMTP server is set up (decision 021).
 */
export const mailModule: ModuleDescriptor<{
  db: Db;
  mailer: Mailer | undefined;
  mail: MailContext;
  secret: string;
}> = {
  name: 'edge/mail',
  // What each mail says and to whom: the order, its return, the message answered, the account.
  reads: ['contact_messages', 'contact_replies', 'mails', 'orders', 'returns', 'user'],
  subscribers: ({ db, mailer, mail, secret }) => [
    // The customer's mail about each change of their order.
    subscribe('order-mail', ['order.status_changed'], orderMailHandler(db, mailer, mail, secret)),
    // A contact message's acknowledgment, and an admin's reply.
    subscribe('contact-mail', ['contact.received', 'contact.replied'], contactMailHandler(db, mailer, mail)),
    // The mails about the account itself: the reset link, the sign-up confirmation and its notice.
    subscribe(
      'account-mail',
      [
        'account.password_reset_requested',
        'account.email_confirmation_requested',
        'account.sign_up_repeated',
      ],
      accountMailHandler(db, mailer, mail, secret),
    ),
    // A sent purchase order, to the supplier's ordering address.
    subscribe('purchase-order-mail', ['purchase_order.sent'], purchasingMailHandler(db, mailer, mail)),
    // A shop's application for trade terms, approved or refused.
    subscribe('trade-application-mail', ['trade.application_decided'], tradeMailHandler(db, mailer, mail)),
    // A quote staff sent: its signed link, to the customer.
    subscribe('quote-mail', ['quote.sent'], quoteMailHandler(db, mailer, mail, secret)),
    // An account on terms: an overdue invoice's reminder, and the month's statement as a PDF.
    subscribe(
      'account-statement-mail',
      ['invoice.overdue', 'statement.ready'],
      accountStatementMailHandler(db, mailer, mail),
    ),
  ],
};

export { linesOf, type MailContext, render } from './layout';
export { linkTo, listeningUrl } from './mail-links';
