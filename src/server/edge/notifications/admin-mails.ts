import type { LowStockProduct } from '../../../contract/catalog-admin';
import { formatCents } from '../../../contract/money';
import type { Order } from '../../../contract/orders';
import { pages } from '../../../contract/pages';
import type { contactMessages } from '../../kernel/db';
import type { OutgoingMail } from '../../kernel/mail-delivery';
import { linesOf, linkTo, type MailContext, render } from '../mail';

/**
 * The notifications admins get: a new paid order to ship, a customer's request to cancel or return,
 * a new message in the Inbox, the low-stock digest.
 */

type Message = typeof contactMessages.$inferSelect;

/** Each notification says how to stop them. */
export const OPT_OUT_HINT = 'You can turn these e-mails off on the Inbox page of the dashboard.';

/**
 * A new paid order to ship. `money`: whether the recipient sees an order's money (managers and
 * the owner); staff are told what to ship and for whom, never what it cost (decision 079).
 */
export function paidOrderNotice(to: string, order: Order, ctx: MailContext, money: boolean): OutgoingMail {
  const what = order.lines.map((l) => `${l.quantity} x ${l.name}`).join(', ');
  const total = formatCents(order.amounts.totalCents);
  return render(to, ctx, {
    subject: `${ctx.brand}: new paid order ${order.number}${money ? `, ${total}` : ''}`,
    heading: 'A new order was paid',
    paragraphs: [`${order.userName} paid for ${what}. It is waiting to be shipped.`, OPT_OUT_HINT],
    rows: [
      ['Order', order.number],
      ['Customer', `${order.userName} <${order.userEmail}>`],
      ['Phone', order.phone],
      ['Shipping', order.shippingMethod ?? 'standard'],
      ...(money ? [['Total', total] as [string, string]] : []),
    ],
    action: { label: 'Open the order', url: linkTo(ctx, pages.manageOrder.path(order._id)) },
  });
}

/**
 * A customer asked for something only an admin can do: cancel a paid order, or take parts back.
 * `money` as for a paid order's notice.
 */
export function customerRequestNotice(
  to: string,
  order: Order,
  request: 'cancel' | 'return',
  ctx: MailContext,
  money: boolean,
): OutgoingMail {
  const asked = request === 'cancel' ? 'asks to cancel' : 'asks to return parts of';
  return render(to, ctx, {
    subject: `${ctx.brand}: a customer ${asked} order ${order.number}`,
    heading: request === 'cancel' ? 'A cancellation was requested' : 'A return was requested',
    paragraphs: [
      `${order.userName} ${asked} order ${order.number}. It waits for your decision on the order's page.`,
      OPT_OUT_HINT,
    ],
    rows: [
      ['Order', order.number],
      ['Customer', `${order.userName} <${order.userEmail}>`],
      ...(money ? [['Total', formatCents(order.amounts.totalCents)] as [string, string]] : []),
    ],
    action: { label: 'Open the order', url: linkTo(ctx, pages.manageOrder.path(order._id)) },
  });
}

export function newMessageNotice(to: string, message: Message, ctx: MailContext): OutgoingMail {
  return render(to, ctx, {
    // The visitor's name stays out of the subject: no text a visitor typed goes into a header.
    subject: `${ctx.brand}: a new message in the Inbox`,
    heading: 'A new message in the Inbox',
    paragraphs: [`${message.name} <${message.email}> wrote:`, ...linesOf(message.message), OPT_OUT_HINT],
    action: { label: 'Open it in the Inbox', url: linkTo(ctx, pages.inboxMessage.path(message.id)) },
  });
}

/** The daily digest: every live product at or under its low-stock threshold, fewest left first. */
export function lowStockDigest(to: string, products: LowStockProduct[], ctx: MailContext): OutgoingMail {
  return render(to, ctx, {
    subject: `${ctx.brand}: ${products.length} ${products.length === 1 ? 'product is' : 'products are'} low on stock`,
    heading: 'Products low on stock',
    paragraphs: [
      'These products are at or under their low-stock threshold.',
      `What to reorder, and from which supplier: ${linkTo(ctx, `${pages.purchasing.path}#reorder`)}`,
      'You get this list once a day because you asked for it on the Inbox page of the dashboard.',
    ],
    rows: products.map((p) => [
      p.sku ? `${p.name} (${p.sku})` : p.name,
      `${p.available_quantity} left (threshold ${p.low_stock_at})`,
    ]),
    action: { label: 'Open the low-stock list', url: linkTo(ctx, pages.overview.path) },
  });
}
