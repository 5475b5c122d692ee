import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema';
import type { MessageHandler } from '../../jobs/job-runner';
import { toOneOrder } from '../orders/orders.service';
import type { Topics } from '../outbox/outbox';
import { deliverMail } from './mail.service';
import type { Mailer } from './mailer';
import { type MailContext, type OrderMailKind, orderMail } from './order-mails';

/** Which order events the customer hears about; refunds have no mail yet. */
const kindOf: Record<string, OrderMailKind | undefined> = {
  place: 'placed',
  pay: 'paid',
  ship: 'shipped',
  cancel: 'cancelled',
  expire: 'expired',
};

/**
 * The `order-mail` subscriber: mails the order's customer about a change of the order. The order
 * is read when the message is delivered; the mail is recorded under the message's key, so a
 * redelivered message sends nothing twice (deliverMail).
 */
export function orderMailHandler(db: Db, mailer: Mailer | undefined, ctx: MailContext): MessageHandler {
  return async (message) => {
    const change = message.payload as Topics['order.status_changed'];
    const kind = kindOf[change.event];
    if (!kind) return;
    const [row] = await db.select().from(orders).where(eq(orders.id, change.orderId));
    if (!row) return;
    const order = await toOneOrder(db, row);
    await deliverMail(db, mailer, `order-mail:${message.key}`, orderMail(kind, order, ctx), order._id);
  };
}
