import { formatCents } from '../../../contract/money';
import type { PurchaseOrder } from '../../../contract/purchasing';
import { csvDownload } from '../../kernel/http';
import { PURCHASE_ORDER_COLUMNS, purchaseOrderRows } from './purchase-orders';

/**
 * A sent purchase order as the files the supplier's mail carries: a PDF to read and file, and the
 * CSV the download gives, for the supplier's own system. Both are drawn from the order as it
 * stands; a sent order no longer changes, so every attempt to mail it attaches the same files.
 */

/** pdfkit and its fonts are loaded with the first PDF asked for, not with every process (decision 069). */
const loadPdfkit = async () => (await import('pdfkit')).default;

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

export async function purchaseOrderPdf(order: PurchaseOrder, brand: string): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    // Uncompressed: a purchase order is small, and its text stays searchable in the raw file.
    compress: false,
    info: { Title: `Purchase order ${order.number}`, Author: brand, CreationDate: new Date(order.createdAt) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(20).text(brand);
  doc.moveDown(0.8);
  doc.fontSize(14).text(`Purchase order ${order.number}`);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Sent ${day(order.sentAt ?? order.createdAt)}`);
  doc.text(`To ${order.supplier.name} <${order.supplier.email}>`);
  doc.moveDown();

  // The lines: the supplier's part number first, as its warehouse finds them.
  const cols = [
    { label: 'Your part no.', x: left, w: width * 0.18, align: 'left' as const },
    { label: 'Our SKU', x: left + width * 0.18, w: width * 0.14, align: 'left' as const },
    { label: 'Product', x: left + width * 0.32, w: width * 0.32, align: 'left' as const },
    { label: 'Qty', x: left + width * 0.64, w: width * 0.08, align: 'right' as const },
    { label: 'Unit cost', x: left + width * 0.72, w: width * 0.13, align: 'right' as const },
    { label: 'Total', x: left + width * 0.85, w: width * 0.15, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    let bottom = y;
    cells.forEach((cell, i) => {
      const col = cols[i];
      if (!col) return;
      doc.text(cell, col.x, y, { width: col.w, align: col.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = left;
    doc.y = bottom + 4;
  };
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
