import { formatCents } from '../../../contract/money';
import type { Order } from '../../../contract/orders';
import type { contactMessages } from '../../db/schema';
import { linesOf } from '../mail/contact-mails';
import type { OutgoingMail } from '../mail/mailer';
import { linkTo, type MailContext, render } from '../mail/order-mails';

/** The notifications admins get: a new paid order to ship, a new message in the Inbox. */

type Message = typeof contactMessages.$inferSelect;

/** Each notification says how to stop them. */
export const OPT_OUT_HINT = 'You can turn these e-mails off on the Inbox page of the dashboard.';

export function paidOrderNotice(to: string, order: Order, ctx: MailContext): OutgoingMail {
  const what = order.lines.map((l) => `${l.quantity} x ${l.name}`).join(', ');
  return render(to, ctx, {
    subject: `${ctx.brand}: new paid order ${order.number}, ${formatCents(order.amounts.totalCents)}`,
    heading: 'A new order was paid',
    paragraphs: [`${order.userName} paid for ${what}. It is waiting to be shipped.`, OPT_OUT_HINT],
    rows: [
      ['Order', order.number],
      ['Customer', `${order.userName} <${order.userEmail}>`],
      ['Phone', order.phone],
      ['Shipping', order.shippingMethod ?? 'standard'],
      ['Total', formatCents(order.amounts.totalCents)],
    ],
    action: { label: 'Open the order', url: linkTo(ctx, `/dashboard/manageOrders/${order._id}`) },
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
