/**
 * The text drawn on an uncompressed PDF's pages, one string per text run. pdfkit writes each run
 * as hex strings with kerning numbers between (`[<5457> 40 <2d31> 0] TJ`); joining the hex parts
 * gives the run's characters. Enough for a test to read a receipt without a PDF library.
 */
export function pdfText(pdf: Buffer | Uint8Array): string[] {
  const raw = Buffer.from(pdf).toString('latin1');
  return [...raw.matchAll(/\[([^\]]*)\] TJ/g)].map((m) =>
    [...(m[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)]
      .map((h) => Buffer.from(h[1] ?? '', 'hex').toString('latin1'))
      .join(''),
  );
}
