/**
 * The store's documents as PDFs (receipts, credit notes, purchase orders), drawn with pdfkit's
 * built-in fonts: nothing to download, nothing to install.
 */

/** pdfkit and its fonts are loaded with the first PDF asked for, not with every process (decision 069). */
const loadPdfkit = async () => (await import('pdfkit')).default;

/** A day as the store's documents write it: "November 29, 2026" (in UTC, the same on every machine). */
export const documentDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

export interface PdfPage {
  doc: PDFKit.PDFDocument;
  /** The left margin and the width between the margins, where tables are laid out. */
  left: number;
  width: number;
  /** The whole file, once `doc.end()` is called. */
  done: Promise<Buffer>;
}

/**
 * A letter-size document. Uncompressed: the store's documents are small, and their text stays
 * searchable in the raw file (a test reads it without a PDF library). The title names the document,
 * so a file manager can too.
 */
export async function letterPdf(info: {
  Title: string;
  Author: string;
  Subject?: string;
  CreationDate?: Date;
}): Promise<PdfPage> {
  const PDFDocument = await loadPdfkit();
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, compress: false, info });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  return { doc, left, width: doc.page.width - left - doc.page.margins.right, done };
}

export interface PdfColumn {
  label: string;
  x: number;
  w: number;
  align: 'left' | 'right';
}

/** One row of a table: each cell in its column, and the next row under the row's tallest cell. */
export function pdfTableRow(
  page: PdfPage,
  cols: readonly PdfColumn[],
  cells: readonly string[],
  bold = false,
) {
  const { doc } = page;
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
  let bottom = y;
  cells.forEach((cell, i) => {
    const col = cols[i];
    if (!col) return;
    doc.text(cell, col.x, y, { width: col.w, align: col.align });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = page.left;
  doc.y = bottom + 4;
}
