import type { contactMessages, orders } from '../../db/schema';
import { linesOf } from '../mail/contact-mails';
import type { OutgoingMail } from '../mail/mailer';
import { linkTo, type MailContext, render } from '../mail/order-mails';

/** The notifications admins get: a new paid order to ship, a new message in the Inbox. */

type Order = typeof orders.$inferSelect;
type Message = typeof contactMessages.$inferSelect;

/** Each notification says how to stop them. */
export const OPT_OUT_HINT = 'You can turn these e-mails off on the Inbox page of the dashboard.';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function paidOrderNotice(to: string, order: Order, ctx: MailContext): OutgoingMail {
  return render(to, ctx, {
    subject: `${ctx.brand}: new paid order, ${money(order.totalCents)}`,
    heading: 'A new order was paid',
    paragraphs: [
      `${order.userName} paid for ${order.quantity} x ${order.toolName}. It is waiting to be shipped.`,
      OPT_OUT_HINT,
    ],
    rows: [
      ['Order', order.id],
      ['Customer', `${order.userName} <${order.userEmail}>`],
      ['Phone', order.phone],
      ['Total', money(order.totalCents)],
    ],
    action: { label: 'Manage all orders', url: linkTo(ctx, '/dashboard/manageOrders') },
  });
}

export function newMessageNotice(to: string, message: Message, ctx: MailContext): OutgoingMail {
  return render(to, ctx, {
    subject: `${ctx.brand}: new message from ${message.name}`,
    heading: 'A new message in the Inbox',
    paragraphs: [`${message.name} <${message.email}> wrote:`, ...linesOf(message.message), OPT_OUT_HINT],
    action: { label: 'Open it in the Inbox', url: linkTo(ctx, `/dashboard/inbox/${message.id}`) },
  });
}
