import type { Db } from '../../../kernel/db';
import type { Mailer } from '../../../kernel/mail-delivery';
import { deliverMail } from '../../../kernel/mail-delivery';
import type { MessageHandler, Topics } from '../../../kernel/outbox';
import { findContactMessage, findContactReply, wroteWithinAnHourBefore } from '../../../modules/contact';
import type { MailContext } from '../layout';
import { acknowledgmentMail, replyMail } from '../templates/contact-mails';

/**
 * The `contact-mail` subscriber: acknowledges a contact message to its sender and mails each
 * reply an admin writes in the Inbox. Rows are read at delivery; the mail is recorded under the
 * message's key, so a redelivered message sends nothing twice (deliverMail).
 */
export function contactMailHandler(db: Db, mailer: Mailer | undefined, ctx: MailContext): MessageHandler {
  return async (message, delivery) => {
    if (message.topic === 'contact.received') {
      const { messageId } = message.payload as Topics['contact.received'];
      const received = await findContactMessage(db, messageId);
      // Anyone may type any address into the form: one acknowledgment an hour per address keeps
      // the store from being used to flood someone's mailbox.
      if (!received || (await wroteWithinAnHourBefore(db, received))) return;
      await deliverMail(
        db,
        mailer,
        delivery,
        `contact-mail:${message.key}`,
        acknowledgmentMail(received, ctx),
      );
      return;
    }
    if (message.topic === 'contact.replied') {
      const { messageId, replyId } = message.payload as Topics['contact.replied'];
      const [answered, reply] = [
        await findContactMessage(db, messageId),
        await findContactReply(db, replyId),
      ];
      if (!answered || !reply) return;
      await deliverMail(db, mailer, delivery, `contact-mail:${message.key}`, replyMail(answered, reply, ctx));
    }
  };
}
