import { formatCents } from '../../../contract/money';
import type { PurchaseOrder } from '../../../contract/purchasing';
import { csvDownload, documentDate, letterPdf, type PdfColumn, pdfTableRow } from '../../kernel/http';
import { PURCHASE_ORDER_COLUMNS, purchaseOrderRows } from './purchase-orders';

/**
 * A sent purchase order as the files the supplier's mail carries: a PDF to read and file, and the
 * CSV the download gives, for the supplier's own system. Both are drawn from the order as it
 * stands; a sent order no longer changes, so every attempt to mail it attaches the same files.
 */

export async function purchaseOrderPdf(order: PurchaseOrder, brand: string): Promise<Buffer> {
  const page = await letterPdf({
    Title: `Purchase order ${order.number}`,
    Author: brand,
    CreationDate: new Date(order.createdAt),
  });
  const { doc, left, width, done } = page;

  doc.font('Helvetica-Bold').fontSize(20).text(brand);
  doc.moveDown(0.8);
  doc.fontSize(14).text(`Purchase order ${order.number}`);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Sent ${documentDate(order.sentAt ?? order.createdAt)}`);
  doc.text(`To ${order.supplier.name} <${order.supplier.email}>`);
  doc.moveDown();

  // The lines: the supplier's part number first, as its warehouse finds them.
  const cols: PdfColumn[] = [
    { label: 'Your part no.', x: left, w: width * 0.18, align: 'left' },
    { label: 'Our SKU', x: left + width * 0.18, w: width * 0.14, align: 'left' },
    { label: 'Product', x: left + width * 0.32, w: width * 0.32, align: 'left' },
    { label: 'Qty', x: left + width * 0.64, w: width * 0.08, align: 'right' },
    { label: 'Unit cost', x: left + width * 0.72, w: width * 0.13, align: 'right' },
    { label: 'Total', x: left + width * 0.85, w: width * 0.15, align: 'right' },
  ];
  const row = (cells: string[], bold = false) => pdfTableRow(page, cols, cells, bold);
  row(
    cols.map((c) => c.label),
    true,
  );
  for (const l of order.lines)
    row([
      l.supplierPartNumber ?? '',
      l.sku ?? '',
      l.productName,
      String(l.quantity),
      formatCents(l.unitCostCents),
      formatCents(l.lineTotalCents),
    ]);
  doc.moveDown(0.5);
  doc
    .font('Helvetica-Bold')
    .text(`Total ${formatCents(order.totalCents)}`, left, doc.y, { width, align: 'right' });
  if (order.note) {
    doc.moveDown();
    doc.font('Helvetica').text(order.note, left, doc.y, { width });
  }
  doc.moveDown();
  doc
    .font('Helvetica')
    .text(`Please quote ${order.number} on the delivery and the invoice.`, left, doc.y, { width });
  doc.end();
  return done;
}

/** The order's CSV file, as `GET /purchase-orders/:id/csv` answers it. */
export async function purchaseOrderCsv(order: PurchaseOrder): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of csvDownload(purchaseOrderRows(order), PURCHASE_ORDER_COLUMNS))
    chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
