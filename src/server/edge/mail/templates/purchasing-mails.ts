import { formatCents } from '../../../../contract/money';
import type { PurchaseOrder } from '../../../../contract/purchasing';
import type { OutgoingMail } from '../../../kernel/mail-delivery';
import { linesOf, type MailContext, render } from '../layout';

/**
 * A purchase order as the supplier reads it: each line by the supplier's own part number first,
 * then the store's SKU and name, the units and the agreed cost. Sent to the supplier's ordering
 * address when the order is sent (decision 097).
 */
export function purchaseOrderMail(
  order: PurchaseOrder,
  contactName: string | null,
  ctx: MailContext,
): OutgoingMail {
  return render(order.supplier.email, ctx, {
    subject: `${ctx.brand}: purchase order ${order.number}`,
    heading: `Purchase order ${order.number}`,
    paragraphs: [
      `Hello ${contactName ?? order.supplier.name},`,
      `Please supply the parts below for purchase order ${order.number}, and quote that number on the delivery and the invoice.`,
      ...(order.note ? linesOf(order.note) : []),
      `The order is attached as ${order.number}.pdf, and as ${order.number}.csv for your system.`,
      'Please confirm by replying to this e-mail.',
    ],
    rows: [
      ...order.lines.map((l): [string, string] => [
        [l.supplierPartNumber, l.sku].filter(Boolean).join(' / ') || l.productName,
        `${l.quantity} x ${l.productName} at ${formatCents(l.unitCostCents)} = ${formatCents(l.lineTotalCents)}`,
      ]),
      ['Total', formatCents(order.totalCents)],
    ],
  });
}
