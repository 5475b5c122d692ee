import { may } from '../../../contract/roles';
import type { Db } from '../../kernel/db';
import { roleFromColumn } from '../../kernel/db';
import type { Mailer, OutgoingMail } from '../../kernel/mail-delivery';
import { deliverMail } from '../../kernel/mail-delivery';
import type { Delivery, MessageHandler, Published, Topic, Topics } from '../../kernel/outbox';
import { lowStockProducts } from '../../modules/catalog';
import { findContactMessage } from '../../modules/contact';
import { readOrderView } from '../../modules/orders';
import type { MailContext } from '../mail';
import { customerRequestNotice, lowStockDigest, newMessageNotice, paidOrderNotice } from './admin-mails';
import { adminsToNotify, type NotificationKind } from './notifications.service';

/** The order events the admins hear about: a payment, and a customer asking for something. */
const ADMIN_REQUESTS = { cancel_requested: 'cancel', return_requested: 'return' } as const;
export function adminRequestOf(change: Topics['order.status_changed']): 'cancel' | 'return' | undefined {
  return ADMIN_REQUESTS[change.event as keyof typeof ADMIN_REQUESTS];
}
export const adminHearsOf = (change: Topics['order.status_changed']) =>
  (change.event === 'pay' && change.to === 'pending') || adminRequestOf(change) !== undefined;

/** The topics `admin-notify` receives. */
export const ADMIN_NOTIFY_TOPICS = [
  'order.status_changed',
  'contact.received',
  'catalog.low_stock_digest',
] as const satisfies readonly Topic[];

/** Only the order events the admins hear about are written for `admin-notify` (no notice of an order merely placed). */
export const adminNotifyWants = (message: Published<(typeof ADMIN_NOTIFY_TOPICS)[number]>) =>
  message.topic !== 'order.status_changed' || adminHearsOf(message.payload);

/**
 * The `admin-notify` subscriber: mails every admin who wants it when an order is paid (it moves to
 * `pending`) or its customer asks to cancel it or return parts, when a contact message arrives, and once a day with the products low on stock. Each admin's mail has its own key (the message's
 * key and the admin's id): when the SMTP server fails halfway, the retry sends only to the admins
 * not yet mailed. Who wants it is read at delivery, so turning it off stops mails still queued.
 */
export function adminNotifyHandler(
  db: Db,
  mailer: Mailer | undefined,
  ctx: MailContext,
  lowStockFactor: () => number,
): MessageHandler {
  const mailEach = async (
    delivery: Delivery,
    key: string,
    kind: NotificationKind,
    write: (to: string, money: boolean) => OutgoingMail,
    orderId: string | null = null,
  ) => {
    for (const admin of await adminsToNotify(db, kind)) {
      // Each mail as its reader may read it: staff see no money figures (decision 079).
      const money = may(roleFromColumn(admin.role), 'orders.money');
      await deliverMail(
        db,
        mailer,
        delivery,
        `admin-notify:${key}:${admin.id}`,
        write(admin.email, money),
        orderId,
      );
    }
  };
  return async (message, delivery) => {
    if (message.topic === 'order.status_changed') {
      const change = message.payload as Topics['order.status_changed'];
      // The outbox writes a row for this subscriber only for these events (adminHearsOf); rows
      // queued before that rule came in may still be anything.
      if (!adminHearsOf(change)) return;
      const request = adminRequestOf(change);
      const order = (await readOrderView(db, change.orderId))?.order;
      if (!order) return;
      // Orders to act on, all under the admin's "new orders" choice.
      await mailEach(
        delivery,
        message.key,
        'newOrder',
        (to, money) =>
          request
            ? customerRequestNotice(to, order, request, ctx, money)
            : paidOrderNotice(to, order, ctx, money),
        order._id,
      );
      return;
    }
    if (message.topic === 'contact.received') {
      const { messageId } = message.payload as Topics['contact.received'];
      const received = await findContactMessage(db, messageId);
      if (!received) return;
      await mailEach(delivery, message.key, 'newMessage', (to) => newMessageNotice(to, received, ctx));
      return;
    }
    if (message.topic === 'catalog.low_stock_digest') {
      // The list as it is at delivery: a product restocked since the job ran is no longer named.
      const low = await lowStockProducts(db, lowStockFactor());
      if (low.length === 0) return;
      await mailEach(delivery, message.key, 'lowStockDigest', (to) => lowStockDigest(to, low, ctx));
    }
  };
}
