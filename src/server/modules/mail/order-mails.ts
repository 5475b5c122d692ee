import type { Order } from '../../../contract/orders';
import type { OutgoingMail } from './mailer';

/**
 * The order e-mails: plain functions that write the HTML and the plain-text version of each from
 * the order as it is at delivery time. Every interpolated value is escaped in the HTML.
 */

export type OrderMailKind = 'placed' | 'paid' | 'shipped' | 'cancelled' | 'expired';

export interface MailContext {
  brand: string;
  /** The store's public address (PUBLIC_URL); unset: links are written relative to the store. */
  publicUrl: string | undefined;
}

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A mail's content as lines of text, some with a link; both versions are written from it. */
export interface Content {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Rows of a small table (label, value): the receipt. */
  rows?: [string, string][];
  action?: { label: string; url: string };
}

/** The HTML and plain-text versions of a mail, in the store's one layout (account mails use it too). */
export function render(to: string, ctx: MailContext, c: Content): OutgoingMail {
  const rowsHtml = c.rows
    ? `<table role="presentation" style="border-collapse:collapse;margin:16px 0">${c.rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const actionHtml = c.action
    ? `<p><a href="${escapeHtml(c.action.url)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(c.action.label)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#1f2937;background:#f3f4f6">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:700">${escapeHtml(ctx.brand)}</p>
<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(c.heading)}</h1>
${c.paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${rowsHtml}${actionHtml}
<p style="margin:24px 0 0;font-size:12px;color:#6b7280">${escapeHtml(ctx.brand)}</p>
</div></body></html>`;
  const text = [
    ctx.brand,
    '',
    c.heading,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.rows ? [...c.rows.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`, ''] : []),
    `-- ${ctx.brand}`,
  ].join('\n');
  return { to, subject: c.subject, html, text };
}

export const linkTo = (ctx: MailContext, path: string) =>
  ctx.publicUrl ? new URL(path, ctx.publicUrl).toString() : path;

const what = (o: Order) => o.lines.map((l) => `${l.quantity} x ${l.name}`).join(', ');

/** The order's lines and sums as table rows: every mail shows what the order holds and costs. */
function orderRows(o: Order, withSums: boolean): [string, string][] {
  const rows: [string, string][] = [['Order', o.number]];
  for (const l of o.lines) rows.push([`${l.quantity} x ${l.name}`, money(l.lineTotalCents)]);
  if (withSums) {
    rows.push(
      ['Subtotal', money(o.amounts.subtotalCents)],
      ['Shipping', money(o.amounts.shippingCents)],
      ['Tax', money(o.amounts.taxCents)],
    );
  }
  rows.push(['Total', money(o.amounts.totalCents)]);
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
export function orderMail(kind: OrderMailKind, order: Order, ctx: MailContext): OutgoingMail {
  const greeting = `Hello ${order.userName},`;
  const orderPage = { label: 'See your order', url: linkTo(ctx, `/dashboard/orders/${order._id}`) };
  const shipTo = addressLine(order);
  switch (kind) {
    case 'placed':
      return render(order.userEmail, ctx, {
        subject: `${ctx.brand}: order ${order.number} is waiting for payment`,
        heading: 'Thank you for your order',
        paragraphs: [
          greeting,
          `We are holding ${what(order)} for you. Pay ${money(order.amounts.totalCents)} to confirm the order; unpaid, it is released when the hold ends.`,
        ],
        rows: orderRows(order, true),
        action: { label: 'Pay for your order', url: linkTo(ctx, `/dashboard/payment/${order._id}`) },
      });
    case 'paid':
      return render(order.userEmail, ctx, {
        subject: `${ctx.brand}: payment received for ${order.number}, your receipt`,
        heading: 'Payment received',
        paragraphs: [greeting, 'Thank you: we received your payment and are getting your order ready.'],
        rows: [
          ...orderRows(order, true),
          ...(shipTo ? [['Ship to', shipTo] as [string, string]] : []),
          ...(order.shippingMethod ? [['Shipping method', order.shippingMethod] as [string, string]] : []),
          ...(order.cardBrand && order.cardLast4
            ? [['Paid with', `${order.cardBrand} ending ${order.cardLast4}`] as [string, string]]
            : []),
        ],
        action: orderPage,
      });
    case 'shipped':
      return render(order.userEmail, ctx, {
        subject: `${ctx.brand}: order ${order.number} has shipped`,
        heading: 'Your order is on its way',
        paragraphs: [
          greeting,
          `${what(order)} left our workshop today.`,
          ...(order.carrier || order.trackingNumber
            ? [
                `Carrier: ${order.carrier ?? 'not given'}. Tracking number: ${order.trackingNumber ?? 'not given'}.`,
              ]
            : []),
        ],
        rows: [['Order', order.number], ...(shipTo ? [['Ship to', shipTo] as [string, string]] : [])],
        action: orderPage,
      });
    case 'cancelled':
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
