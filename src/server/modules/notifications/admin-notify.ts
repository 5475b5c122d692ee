import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema';
import type { MessageHandler } from '../../jobs/job-runner';
import { findContactMessage } from '../contact/inbox.service';
import { deliverMail } from '../mail/mail.service';
import type { Mailer, OutgoingMail } from '../mail/mailer';
import type { MailContext } from '../mail/order-mails';
import { toOneOrder } from '../orders/orders.service';
import type { Topics } from '../outbox/outbox';
import { newMessageNotice, paidOrderNotice } from './admin-mails';
import { adminsToNotify } from './notifications.service';

/**
 * The `admin-notify` subscriber: mails every admin who wants it when an order is paid (it moves to
 * `pending`) and when a contact message arrives. Each admin's mail has its own key (the message's
 * key and the admin's id): when the SMTP server fails halfway, the retry sends only to the admins
 * not yet mailed. Who wants it is read at delivery, so turning it off stops mails still queued.
 */
export function adminNotifyHandler(db: Db, mailer: Mailer | undefined, ctx: MailContext): MessageHandler {
  const mailEach = async (
    key: string,
    kind: 'newOrder' | 'newMessage',
    write: (to: string) => OutgoingMail,
    orderId: string | null = null,
  ) => {
    for (const admin of await adminsToNotify(db, kind)) {
      await deliverMail(db, mailer, `admin-notify:${key}:${admin.id}`, write(admin.email), orderId);
    }
  };
  return async (message) => {
    if (message.topic === 'order.status_changed') {
      const change = message.payload as Topics['order.status_changed'];
      if (change.event !== 'pay' || change.to !== 'pending') return;
      const [row] = await db.select().from(orders).where(eq(orders.id, change.orderId));
      if (!row) return;
      const order = await toOneOrder(db, row);
      await mailEach(message.key, 'newOrder', (to) => paidOrderNotice(to, order, ctx), order._id);
      return;
    }
    if (message.topic === 'contact.received') {
      const { messageId } = message.payload as Topics['contact.received'];
      const received = await findContactMessage(db, messageId);
      if (!received) return;
      await mailEach(message.key, 'newMessage', (to) => newMessageNotice(to, received, ctx));
    }
  };
}
