import type { FastifyReply } from 'fastify';
import { addressLabels } from '../../../contract/addresses';
import {
  CORE_CHARGE_LABEL,
  refundLineWords,
  refundStatusWords,
  type Shipment,
} from '../../../contract/after-sale';
import { discountRowLabel, freeShippingNote } from '../../../contract/discounts';
import { formatCents } from '../../../contract/money';
import type { Order } from '../../../contract/orders';
import { taxRateWords } from '../../../contract/pricing';
import type { StoreInfo } from '../../../contract/store';
import { exemptWords } from '../../../contract/trade';
import { AppError } from '../../kernel/errors';
import { documentDate, letterPdf, pdfTableRow } from '../../kernel/http';

/**
 * An order's receipt as a PDF, drawn with pdfkit's built-in fonts (nothing to download, nothing
 * to install). The order number is also the document's title, so a file manager or a test can
 * read it without drawing the page.
 */

/** "Parcel 2, shipped May 3, 2026: UPS, tracking 1Z999". */
const parcelWords = (parcel: Shipment, index: number) =>
  `Parcel ${index + 1}, shipped ${documentDate(parcel.at)}: ${[
    parcel.carrier,
    parcel.trackingNumber ? `tracking ${parcel.trackingNumber}` : 'no tracking',
  ]
    .filter(Boolean)
    .join(', ')}`;

export async function receiptPdf(order: Order, store: StoreInfo): Promise<Buffer> {
  const page = await letterPdf({
    Title: `Receipt ${order.number}`,
    Author: store.wordmark,
    Subject: `Order ${order.number}`,
    CreationDate: new Date(order.createdAt),
  });
  const { doc, left, width, done } = page;

  doc.font('Helvetica-Bold').fontSize(20).text(store.wordmark, { continued: false });
  doc.font('Helvetica').fontSize(9).fillColor('#555555');
  doc.text([store.contact.address, store.contact.email, store.contact.phone].filter(Boolean).join('  ·  '));
  doc.moveDown(1.2).fillColor('#000000');

  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(`${order.paid ? 'Receipt' : 'Order'} ${order.number}`);
  doc.font('Helvetica').fontSize(10);
  doc.text(
    `Ordered ${documentDate(order.createdAt)}${order.paidAt ? `  ·  Paid ${documentDate(order.paidAt)}` : ''}`,
  );
  doc.text(`Status: ${order.statusText}`);
  if (order.cardBrand && order.cardLast4) doc.text(`Paid with ${order.cardBrand} ending ${order.cardLast4}`);
  if (order.invoiceNumber) doc.text(`Invoice number: ${order.invoiceNumber}`);
  if (order.transactionId) doc.text(`Transaction: ${order.transactionId}`);
  doc.moveDown();

  doc.font('Helvetica-Bold').text('Customer');
  doc.font('Helvetica').text(`${order.userName} <${order.userEmail}>`);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').text('Ship to');
  const a = order.shippingAddress;
  doc.font('Helvetica');
  if (a) {
    doc.text(a.fullName);
    doc.text(a.line1);
    if (a.line2) doc.text(a.line2);
    doc.text(`${a.city}, ${a.region} ${a.postalCode}`);
    doc.text(a.country);
    doc.text(`${addressLabels.phone}: ${a.phone}`);
  } else {
    doc.text(`No address given: the store contacts you at ${order.phone}`);
  }
  if (order.shippingMethod) doc.text(`Shipping: ${order.shippingLabel ?? order.shippingMethod}`);
  // Every parcel, each with its own carrier and tracking number.
  for (const [index, parcel] of order.shipments.entries()) doc.text(parcelWords(parcel, index));
  doc.moveDown();

  // The lines, as a five-column table: each line with its share of the tax.
  const cols = [
    { label: 'Product', x: left, w: width * 0.42, align: 'left' as const },
    { label: 'Unit price', x: left + width * 0.42, w: width * 0.16, align: 'right' as const },
    { label: 'Qty', x: left + width * 0.58, w: width * 0.1, align: 'right' as const },
    { label: 'Tax', x: left + width * 0.68, w: width * 0.14, align: 'right' as const },
    { label: 'Total', x: left + width * 0.82, w: width * 0.18, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => pdfTableRow(page, cols, cells, bold);
  /** A sum under the table: its label across the middle columns, its amount under Total. */
  const sumRow = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, left + width * 0.42, y, { width: width * 0.4, align: 'right' });
    const bottom = doc.y;
    doc.text(amount, left + width * 0.82, y, { width: width * 0.18, align: 'right' });
    doc.x = left;
    doc.y = Math.max(bottom, doc.y) + 4;
  };
  row(
    cols.map((c) => c.label),
    true,
  );
  doc
    .moveTo(left, doc.y - 2)
    .lineTo(left + width, doc.y - 2)
    .stroke('#999999');
  for (const line of order.lines) {
    row([
      line.name,
      formatCents(line.unitPriceCents),
      String(line.quantity),
      formatCents(line.taxCents),
      formatCents(line.lineTotalCents),
    ]);
    // The part's core charge, its own priced line under it (refunded when the old part comes back).
    if (line.coreTotalCents > 0)
      row([
        `${CORE_CHARGE_LABEL}: ${line.name}`,
        formatCents(line.coreChargeCents),
        String(line.quantity),
        formatCents(line.coreTaxCents),
        formatCents(line.coreTotalCents),
      ]);
  }
  const { amounts } = order;
  if (amounts.shippingCents > 0 || amounts.shippingTaxCents > 0)
    row([
      order.shippingLabel ?? 'Shipping',
      '',
      '',
      formatCents(amounts.shippingTaxCents),
      formatCents(amounts.shippingCents),
    ]);
  doc.moveDown(0.5);
  const { discount } = order;
  const sums: [string, string][] = [
    ['Subtotal', formatCents(amounts.subtotalCents)],
    ...(amounts.coreChargeCents > 0
      ? [['of which core charges (refundable)', formatCents(amounts.coreChargeCents)] as [string, string]]
      : []),
    ...(discount && discount.goodsCents > 0
      ? [[discountRowLabel(discount), `-${formatCents(discount.goodsCents)}`] as [string, string]]
      : []),
    [
      discount && discount.shippingCents > 0 ? `Shipping (${freeShippingNote(discount)})` : 'Shipping',
      formatCents(amounts.shippingCents),
    ],
    [
      // An exempt order says under which resale certificate (decision 095).
      amounts.taxExemptCertificate
        ? exemptWords(amounts.taxExemptCertificate)
        : amounts.taxRateBasisPoints === null
          ? 'Tax'
          : `Tax (${taxRateWords(amounts.taxRateBasisPoints)})`,
      formatCents(amounts.taxCents),
    ],
    ['Total', formatCents(amounts.totalCents)],
  ];
  for (const [label, amount] of sums) {
    sumRow(label, amount, label === 'Total');
  }
  // Money given back, each refund on its own line (its credit note has the detail).
  const given = order.refunds.filter((r) => r.status === 'succeeded' && order.refundedCents > 0);
  for (const refund of given)
    sumRow(`Refunded ${documentDate(refund.at)}`, `-${formatCents(refund.amountCents)}`);
  if (order.refundedCents > 0)
    sumRow('Paid less refunds', formatCents(order.amounts.totalCents - order.refundedCents), true);
  doc.moveDown(2);
  doc.font('Helvetica').fontSize(8).fillColor('#555555');
  doc.text(`Thank you for shopping with ${store.wordmark}.`, left, doc.y, { width, align: 'center' });
  doc.end();
  return done;
}

/** A receipt is a download named after its order. */
export async function sendReceipt(reply: FastifyReply, order: Order, store: StoreInfo) {
  const pdf = await receiptPdf(order, store);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="receipt-${order.number}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** The number a credit note is known by: the order's, and the refund's place among its refunds. */
export const creditNoteNumber = (order: Order, refundId: string) =>
  `CN-${order.number.replace(/^TW-/, '')}-${order.refunds.findIndex((r) => r.id === refundId) + 1}`;

/** One refund as a credit note: what went back, line by line, with tax, shipping and any fee. */
export async function creditNotePdf(order: Order, refundId: string, store: StoreInfo): Promise<Buffer> {
  const refund = order.refunds.find((r) => r.id === refundId);
  if (!refund) throw new AppError('NOT_FOUND', 'Refund was not found');
  const number = creditNoteNumber(order, refundId);
  const { doc, done } = await letterPdf({
    Title: `Credit note ${number}`,
    Author: store.wordmark,
    Subject: `Order ${order.number}`,
  });
  doc.font('Helvetica-Bold').fontSize(20).text(store.wordmark);
  doc.font('Helvetica').fontSize(9).fillColor('#555555');
  doc.text([store.contact.address, store.contact.email, store.contact.phone].filter(Boolean).join('  ·  '));
  doc.moveDown(1.2).fillColor('#000000');
  doc.font('Helvetica-Bold').fontSize(14).text(`Credit note ${number}`);
  doc.font('Helvetica').fontSize(10);
  // The sequential number is the one the books file; a pending refund has none yet.
  if (refund.creditNoteNumber) doc.text(`Credit note number: ${refund.creditNoteNumber}`);
  doc.text(
    `For order ${order.number}  ·  ${documentDate(refund.at)}  ·  ${refundStatusWords[refund.status]}`,
  );
  doc.text(`To: ${order.userName} <${order.userEmail}>`);
  if (order.cardBrand && order.cardLast4)
    doc.text(`Refunded to ${order.cardBrand} ending ${order.cardLast4}`);
  doc.text(`Reason: ${refund.reason}`);
  doc.moveDown();
  const rows: [string, number][] = refund.lines.map((l) => [
    `${refundLineWords(order, l)} (tax ${formatCents(l.taxCents)})`,
    l.amountCents + (l.coreCents ?? 0) + l.taxCents,
  ]);
  if (refund.shippingCents > 0) rows.push(['Shipping', refund.shippingCents]);
  // Tax taken back on the shipping, where the order's shipping was taxed.
  const shippingTax = refund.taxCents - refund.lines.reduce((sum, l) => sum + l.taxCents, 0);
  if (shippingTax > 0) rows.push(['Tax on shipping', shippingTax]);
  if (refund.otherCents > 0) rows.push(['Amount', refund.otherCents]);
  if (refund.otherCents < 0) rows.push(['Restocking fee', refund.otherCents]);
  rows.push(['Total refunded', refund.amountCents]);
  for (const [label, cents] of rows) {
    doc.font(label === 'Total refunded' ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(`${label}: ${formatCents(cents)}`);
  }
  doc.end();
  return done;
}

export async function sendCreditNote(reply: FastifyReply, order: Order, refundId: string, store: StoreInfo) {
  const pdf = await creditNotePdf(order, refundId, store);
  return reply
    .header('content-type', 'application/pdf')
    .header(
      'content-disposition',
      `attachment; filename="credit-note-${creditNoteNumber(order, refundId)}.pdf"`,
    )
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
