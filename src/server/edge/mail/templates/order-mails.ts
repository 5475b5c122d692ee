import { CORE_CHARGE_LABEL, refundLineWords } from '../../../../contract/after-sale';
import { discountRowLabel, freeShippingNote } from '../../../../contract/discounts';
import { formatCents } from '../../../../contract/money';
import type { Order } from '../../../../contract/orders';
import { pages } from '../../../../contract/pages';
import { exemptWords } from '../../../../contract/trade';
import type { OutgoingMail } from '../../../kernel/mail-delivery';
import { type MailContext, render } from '../layout';
import { linkTo } from '../mail-links';

/**
 * The order e-mails: plain functions that write the HTML and the plain-text version of each from
 * the order as it is at delivery time, in the store's one layout (`render`).
 */

export type OrderMailKind =
  | 'placed'
  | 'paid'
  | 'shipped'
  | 'cancelled'
  | 'expired'
  | 'refunded'
  | 'cancel_requested'
  | 'return_requested'
  | 'return_approved'
  | 'return_refused'
  | 'return_received'
  | 'core_return_requested'
  | 'core_return_received'
  /** Staff added parts before it shipped (decision 103). */
  | 'changed';

/** Said in the payment mail of an order paid without a shipping address. */
export const ADDRESS_NEEDED =
  'We need your shipping address before we can ship this order: open your order and give us the address to ship to.';

const what = (o: Order) => o.lines.map((l) => `${l.quantity} x ${l.name}`).join(', ');

/** The order's lines and sums as table rows: every mail shows what the order holds and costs. */
function orderRows(o: Order, withSums: boolean): [string, string][] {
  const rows: [string, string][] = [['Order', o.number]];
  for (const l of o.lines) {
    rows.push([`${l.quantity} x ${l.name}`, formatCents(l.lineTotalCents)]);
    // A core charge is its own priced line, right under its part.
    if (l.coreTotalCents > 0)
      rows.push([
        `${CORE_CHARGE_LABEL}, ${l.quantity} x ${formatCents(l.coreChargeCents)}`,
        formatCents(l.coreTotalCents),
      ]);
  }
  if (withSums) {
    const d = o.discount;
    rows.push(['Subtotal', formatCents(o.amounts.subtotalCents)]);
    if (d && d.goodsCents > 0) rows.push([discountRowLabel(d), `-${formatCents(d.goodsCents)}`]);
    rows.push(
      [
        d && d.shippingCents > 0 ? `Shipping (${freeShippingNote(d)})` : 'Shipping',
        formatCents(o.amounts.shippingCents),
      ],
      [
        o.amounts.taxExemptCertificate ? exemptWords(o.amounts.taxExemptCertificate) : 'Tax',
        formatCents(o.amounts.taxCents),
      ],
    );
  }
  rows.push(['Total', formatCents(o.amounts.totalCents)]);
  return rows;
}

const addressLine = (o: Order) => {
  const a = o.shippingAddress;
  if (!a) return undefined;
  return [a.fullName, a.line1, a.line2, `${a.city}, ${a.region} ${a.postalCode}`, a.country]
    .filter(Boolean)
    .join(', ');
};

/** The mail for `kind`, written from the order as it is now. */
export function orderMail(
  kind: OrderMailKind,
  order: Order,
  ctx: MailContext,
  /** The shipment or refund the event was about. */
  detailId?: string,
  /** What the admin wrote with a decision the customer hears about (a refused return's reason). */
  note?: string | null,
  /** A guest's order (no account): its signed link, which opens the order and pays it. */
  guestLink?: string,
  /** Written to an address nobody confirmed: no name the buyer typed (decision 073). */
  unconfirmed = false,
): OutgoingMail {
  const greeting = unconfirmed ? 'Hello,' : `Hello ${order.userName},`;
  const orderPage = {
    label: 'See your order',
    url: guestLink ?? linkTo(ctx, pages.order.path(order._id)),
  };
  const shipTo = addressLine(order);
  switch (kind) {
    case 'placed':
      return render(order.userEmail, ctx, {
        subject: `${ctx.brand}: order ${order.number} is waiting for payment`,
        heading: 'Thank you for your order',
        paragraphs: [
          greeting,
          `Your order is placed but not paid yet. We are holding ${what(order)} for you: pay ${formatCents(order.amounts.totalCents)} to confirm the order. If it is still unpaid when the hold ends, the parts go back on sale and you are not charged.`,
        ],
        rows: orderRows(order, true),
        action: {
          label: 'Pay for your order',
          url: guestLink ?? linkTo(ctx, pages.payment.path(order._id)),
        },
      });
    case 'changed':
      return render(order.userEmail, ctx, {
        subject: `${ctx.brand}: we added to order ${order.number}`,
        heading: 'Your order was changed',
        paragraphs: [
          greeting,
          `As you asked, we added parts to your order before it ships: its lines are below. Its total is now ${formatCents(order.amounts.totalCents)}${order.amounts.onAccountCents ? ', charged to your account' : ''}.`,
          // Paid by card: the difference is a payment of its own (decision 104).
          ...(order.amounts.balanceDueCents
            ? [
                `${formatCents(order.amounts.balanceDueCents)} is left to pay for the parts added; we ship your order once it is paid.`,
              ]
            : []),
        ],
        rows: orderRows(order, true),
        action: order.amounts.balanceDueCents
          ? {
              label: `Pay ${formatCents(order.amounts.balanceDueCents)}`,
              url: guestLink ?? linkTo(ctx, pages.payment.path(order._id)),
            }
          : orderPage,
      });
    case 'paid':
      return render(order.userEmail, ctx, {
        subject: order.amounts.onAccountCents
          ? `${ctx.brand}: order ${order.number} is confirmed on your account, your receipt`
          : `${ctx.brand}: payment received for ${order.number}, your receipt`,
        heading: order.amounts.onAccountCents ? 'Order confirmed' : 'Payment received',
        paragraphs: [
          greeting,
          order.amounts.onAccountCents
            ? `Thank you: ${formatCents(order.amounts.onAccountCents)} is charged to your account and we are getting your order ready.`
            : 'Thank you: we received your payment and are getting your order ready.',
          // Paid without an address (the order modal asks for none): nobody can ship it until it has one.
          ...(order.awaitingAddress ? [ADDRESS_NEEDED] : []),
        ],
        rows: [
          ...orderRows(order, true),
          ...(shipTo ? [['Ship to', shipTo] as [string, string]] : []),
          ...(order.shippingMethod
            ? [['Shipping method', order.shippingLabel ?? order.shippingMethod] as [string, string]]
            : []),
          ...(order.cardBrand && order.cardLast4
            ? [['Paid with', `${order.cardBrand} ending ${order.cardLast4}`] as [string, string]]
            : []),
        ],
        action: orderPage,
      });
    case 'shipped': {
      // Each parcel has its own mail: what it holds and how it travels.
      const parcel = order.shipments.find((s) => s.id === detailId);
      const carrier = parcel ? parcel.carrier : order.carrier;
      const tracking = parcel ? parcel.trackingNumber : order.trackingNumber;
      const partial = parcel !== undefined && order.status === 'partially_shipped';
      const held = parcel
        ? parcel.lines
            .map(
              (l) =>
                `${l.quantity} x ${order.lines.find((o) => o.productId === l.productId)?.name ?? 'part'}`,
            )
            .join(', ')
        : what(order);
      return render(order.userEmail, ctx, {
        subject: partial
          ? `${ctx.brand}: part of order ${order.number} has shipped`
          : `${ctx.brand}: order ${order.number} has shipped`,
        heading: partial ? 'Part of your order is on its way' : 'Your order is on its way',
        paragraphs: [
          greeting,
          `${held} left our workshop today.`,
          ...(partial ? ['The rest of your order follows in another parcel.'] : []),
          ...(carrier || tracking
            ? [`Carrier: ${carrier ?? 'not given'}. Tracking number: ${tracking ?? 'not given'}.`]
            : []),
        ],
        rows: [['Order', order.number], ...(shipTo ? [['Ship to', shipTo] as [string, string]] : [])],
        action: orderPage,
      });
    }
    case 'refunded': {
      const refund = order.refunds.find((r) => r.id === detailId);
      const amount = formatCents(refund?.amountCents ?? order.refundedCents);
      return render(order.userEmail, ctx, {
        subject: `${ctx.brand}: ${amount} refunded on order ${order.number}`,
        heading: 'Your refund is on its way',
        paragraphs: [
          greeting,
          `We refunded ${amount} to the card you paid with${order.cardLast4 ? ` (ending ${order.cardLast4})` : ''}. It usually shows on your statement within 5 to 10 business days.`,
          ...(refund ? [`Reason: ${refund.reason}`] : []),
        ],
        rows: [
          ['Order', order.number],
          ...(refund?.lines ?? []).map(
            (l) =>
              [refundLineWords(order, l), formatCents(l.amountCents + (l.coreCents ?? 0) + l.taxCents)] as [
                string,
                string,
              ],
          ),
          ...(refund && refund.shippingCents > 0
            ? [['Shipping', formatCents(refund.shippingCents)] as [string, string]]
            : []),
          ['Refunded', amount],
          ['Refunded in total', formatCents(order.refundedCents)],
        ],
        action: orderPage,
      });
    }
    case 'return_requested':
    case 'return_approved':
    case 'return_refused':
    case 'return_received': {
      const words: Record<typeof kind, [string, string]> = {
        return_requested: [
          'we received your return request',
          'We received your request to return parts of this order. We will tell you shortly whether to send them back.',
        ],
        return_approved: [
          'your return is approved',
          'Your return is approved: please send the parts back to us with your order number in the parcel. We refund you once they arrive.',
        ],
        return_refused: ['about your return request', 'We cannot accept this return.'],
        return_received: [
          'we received your returned parts',
          'Your returned parts arrived. We will refund you for them shortly.',
        ],
      };
      const [subject, paragraph] = words[kind];
      return render(order.userEmail, ctx, {
        subject: `${ctx.brand}: ${subject} (${order.number})`,
        heading: 'Your return',
        paragraphs: [
          greeting,
          paragraph,
          ...(kind === 'return_refused' && note ? [`Our reason: ${note}`] : []),
        ],
        rows: [['Order', order.number]],
        action: orderPage,
      });
    }
    case 'core_return_requested':
    case 'core_return_received': {
      const asked = kind === 'core_return_requested';
      return render(order.userEmail, ctx, {
        subject: asked
          ? `${ctx.brand}: send your old part back for its core charge (${order.number})`
          : `${ctx.brand}: we received your old part (${order.number})`,
        heading: asked ? 'Your core return' : 'Your old part arrived',
        paragraphs: [
          greeting,
          asked
            ? 'Please send the old part back to us with your order number in the parcel. We refund its core charge, and the tax charged on it, once it arrives.'
            : 'The old part you sent back arrived. We will refund its core charge, and the tax charged on it, shortly.',
        ],
        rows: [['Order', order.number]],
        action: orderPage,
      });
    }
    case 'cancel_requested':
      return render(order.userEmail, ctx, {
        subject: `${ctx.brand}: we received your request to cancel ${order.number}`,
        heading: 'Cancellation requested',
        paragraphs: [
          greeting,
          'We received your request to cancel this order. If it has not left our workshop, we cancel it and refund you in full; we will write to you either way.',
        ],
        rows: [['Order', order.number]],
        action: orderPage,
      });
    case 'cancelled':
      if (order.paid)
        return render(order.userEmail, ctx, {
          subject: `${ctx.brand}: order ${order.number} was cancelled and refunded`,
          heading: 'Order cancelled',
          paragraphs: [
            greeting,
            `We cancelled your order of ${what(order)}. ${order.cancelReason ? `Reason: ${order.cancelReason}. ` : ''}Everything you paid, ${formatCents(order.amounts.totalCents)}, is refunded to your card.`,
          ],
          rows: [['Order', order.number]],
          action: orderPage,
        });
      return render(order.userEmail, ctx, {
        subject: `${ctx.brand}: order ${order.number} was cancelled`,
        heading: 'Order cancelled',
        paragraphs: [
          greeting,
          `Your order of ${what(order)} was cancelled and its items are back in stock. You were not charged for it.`,
        ],
        rows: [['Order', order.number]],
      });
    case 'expired':
      return render(order.userEmail, ctx, {
        subject: `${ctx.brand}: your unpaid order ${order.number} has expired`,
        heading: 'Order expired',
        paragraphs: [
          greeting,
          `Your order of ${what(order)} was not paid in time, so we released the items we held for you. You were not charged. You are welcome to order again.`,
        ],
        rows: [['Order', order.number]],
      });
  }
}
