import { eq } from 'drizzle-orm';
import { pages } from '../../../../contract/pages';
import type { Db } from '../../../kernel/db';
import { returns } from '../../../kernel/db';
import type { Mailer } from '../../../kernel/mail-delivery';
import { deliverMail } from '../../../kernel/mail-delivery';
import type { MessageHandler, Topics } from '../../../kernel/outbox';
import { mailLinkToken, readOrderView } from '../../../modules/orders';
import type { MailContext } from '../layout';
import { linkTo } from '../mail-links';
import { type OrderMailKind, orderMail } from '../templates/order-mails';
import { mayMailGuestOrder, waitingMailWent } from './unconfirmed-recipients';

/**
 * Which order events the customer hears about. A paid order's cancellation mails once, with its
 * refund in it: the refund that follows a cancellation sends nothing of its own.
 */
const kindOf: Record<string, OrderMailKind | undefined> = {
  place: 'placed',
  pay: 'paid',
  ship: 'shipped',
  cancel: 'cancelled',
  expire: 'expired',
  refund: 'refunded',
  partial_refund: 'refunded',
  late_payment_refund: 'refunded',
  return_requested: 'return_requested',
  return_approved: 'return_approved',
  return_refused: 'return_refused',
  return_received: 'return_received',
  core_return_requested: 'core_return_requested',
  core_return_received: 'core_return_received',
  cancel_requested: 'cancel_requested',
  lines_added: 'changed',
  balance_paid: 'paid',
};

/**
 * The `order-mail` subscriber: mails the order's customer about a change of the order. The order
 * is read when the message is delivered; the mail is recorded under the message's key, so a
 * redelivered message sends nothing twice (deliverMail).
 */
export function orderMailHandler(
  db: Db,
  mailer: Mailer | undefined,
  ctx: MailContext,
  /** Signs a guest's order link (decision 059). */
  secret: string,
): MessageHandler {
  return async (message, delivery) => {
    const change = message.payload as Topics['order.status_changed'];
    const kind = kindOf[change.event];
    if (!kind) return;
    if (kind === 'refunded' && change.from === 'cancelled') return;
    const found = await readOrderView(db, change.orderId);
    if (!found) return;
    const { row, order } = found;
    // The waiting-for-payment mail is delivered a few minutes after the order (place-order.ts)
    // and only to an order still unpaid: one paid meanwhile has its receipt, one cancelled or
    // expired needs no reminder. A guest's goes only where it may (unconfirmed-recipients.ts).
    if (kind === 'placed') {
      if (row.status !== 'unpaid') return;
      if (row.userId === null && !(await mayMailGuestOrder(db, row))) return;
    }
    // An unpaid order that ends is mailed only to a buyer its waiting mail reached: an order
    // cancelled before that mail was due was seen on the page it was cancelled from, and a
    // stranger whose address someone typed hears nothing more than the waiting mail.
    const unpaidEnd = kind === 'expired' || (kind === 'cancelled' && row.paidAt === null);
    if (unpaidEnd && !(await waitingMailWent(db, row.id))) return;
    // A refused return's mail says why, in the admin's words kept with the return.
    const note =
      kind === 'return_refused' && change.detailId
        ? (
            await db.select({ note: returns.adminNote }).from(returns).where(eq(returns.id, change.detailId))
          )[0]?.note
        : undefined;
    // A guest's order (no account yet) is opened by its signed link, the mail's secret.
    const guestToken = row.userId === null ? mailLinkToken(secret, row) : undefined;
    const mail = orderMail(
      kind,
      order,
      ctx,
      change.detailId,
      note,
      guestToken ? linkTo(ctx, pages.orderStatus.withToken(guestToken)) : undefined,
      // Nobody paid for a guest's unpaid order: its mails carry nothing the person who typed it
      // chose (the name on it), only the store's words and the order's parts and sums.
      row.userId === null && row.paidAt === null,
    );
    await deliverMail(
      db,
      mailer,
      delivery,
      `order-mail:${message.key}`,
      guestToken ? { ...mail, secret: guestToken } : mail,
      order._id,
    );
  };
}
