import type { Db } from '../../../kernel/db';
import type { Mailer } from '../../../kernel/mail-delivery';
import { deliverMail } from '../../../kernel/mail-delivery';
import type { MessageHandler, Topics } from '../../../kernel/outbox';
import {
  getPurchaseOrder,
  getSupplier,
  purchaseOrderCsv,
  purchaseOrderPdf,
} from '../../../modules/purchasing';
import type { MailContext } from '../layout';
import { purchaseOrderMail } from '../templates/purchasing-mails';

/**
 * The `purchase-order-mail` subscriber: a sent purchase order, mailed to the supplier's ordering
 * address as the order stands at delivery, with the order as a PDF and as a CSV file. Recorded
 * under the message's key, so a redelivered message sends nothing twice (deliverMail).
 */
export function purchasingMailHandler(db: Db, mailer: Mailer | undefined, ctx: MailContext): MessageHandler {
  return async (message, delivery) => {
    if (message.topic !== 'purchase_order.sent') return;
    const { purchaseOrderId } = message.payload as Topics['purchase_order.sent'];
    const order = await getPurchaseOrder(db, purchaseOrderId);
    const { supplier } = await getSupplier(db, order.supplier.id);
    // The files are drawn only when there is an SMTP server to hand them to.
    const attachments = mailer
      ? [
          {
            filename: `${order.number}.pdf`,
            contentType: 'application/pdf',
            content: await purchaseOrderPdf(order, ctx.brand),
          },
          {
            filename: `${order.number}.csv`,
            contentType: 'text/csv',
            content: await purchaseOrderCsv(order),
          },
        ]
      : undefined;
    await deliverMail(db, mailer, delivery, `purchase-order-mail:${message.key}`, {
      ...purchaseOrderMail(order, supplier.contactName, ctx),
      ...(attachments ? { attachments } : {}),
    });
  };
}
