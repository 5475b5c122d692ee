import type { Db } from '../../../kernel/db';
import type { Mailer } from '../../../kernel/mail-delivery';
import { deliverMail } from '../../../kernel/mail-delivery';
import type { MessageHandler, Topics } from '../../../kernel/outbox';
import { getPurchaseOrder, getSupplier } from '../../../modules/purchasing';
import type { MailContext } from '../layout';
import { purchaseOrderMail } from '../templates/purchasing-mails';

/**
 * The `purchase-order-mail` subscriber: a sent purchase order, mailed to the supplier's ordering
 * address as the order stands at delivery. Recorded under the message's key, so a redelivered
 * message sends nothing twice (deliverMail).
 */
export function purchasingMailHandler(db: Db, mailer: Mailer | undefined, ctx: MailContext): MessageHandler {
  return async (message, delivery) => {
    if (message.topic !== 'purchase_order.sent') return;
    const { purchaseOrderId } = message.payload as Topics['purchase_order.sent'];
    const order = await getPurchaseOrder(db, purchaseOrderId);
    const { supplier } = await getSupplier(db, order.supplier.id);
    await deliverMail(
      db,
      mailer,
      delivery,
      `purchase-order-mail:${message.key}`,
      purchaseOrderMail(order, supplier.contactName, ctx),
    );
  };
}
