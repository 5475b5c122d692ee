import type { contactMessages, contactReplies } from '../../../kernel/db';
import type { OutgoingMail } from '../../../kernel/mail-delivery';
import { linesOf, type MailContext, render } from '../layout';

/**
 * The mails to a visitor who wrote through the contact form: the acknowledgment, and each reply
 * an admin sends from the Inbox. Written in the store's one mail layout (escaped HTML and text).
 */

type Message = typeof contactMessages.$inferSelect;
type Reply = typeof contactReplies.$inferSelect;

export function acknowledgmentMail(message: Message, ctx: MailContext): OutgoingMail {
  return render(message.email, ctx, {
    subject: `${ctx.brand}: we received your message`,
    heading: 'Thank you for your message',
    // The message itself is not repeated: whoever typed this address in could be anyone.
    paragraphs: [
      `Hello ${message.name},`,
      'We received your message and will answer you at this address soon.',
      'If you did not write to us, you can ignore this e-mail.',
    ],
  });
}

export function replyMail(message: Message, reply: Reply, ctx: MailContext): OutgoingMail {
  return render(message.email, ctx, {
    subject: `${ctx.brand}: a reply to your message`,
    heading: 'A reply to your message',
    paragraphs: [
      `Hello ${message.name},`,
      ...linesOf(reply.body),
      `${reply.adminName}, ${ctx.brand}`,
      'You wrote:',
      ...linesOf(message.message).map((line) => `> ${line}`),
    ],
  });
}
