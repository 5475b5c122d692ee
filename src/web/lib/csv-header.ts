/**
 * The header row of a CSV file, read in the browser before the file is sent: the cells of its first
 * record, as the store's reader reads them (RFC 4180: a UTF-8 byte order mark is dropped, a quoted
 * cell may hold commas, line breaks and doubled quotes). Cells are kept as written, spaces included;
 * an empty file has no header.
 */
export function csvHeader(text: string): string[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  for (; i < source.length; i++) {
    const c = source[i];
    if (quoted) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') break;
    else cell += c;
  }
  if (cells.length === 0 && cell === '') return [];
  cells.push(cell);
  return cells;
}

/** How much of the file is read for its header: far more than any header row the store takes. */
export const HEADER_BYTES = 256 * 1024;

/** The header row of a picked file, reading only its beginning. */
export async function fileHeader(file: Blob): Promise<string[]> {
  return csvHeader(await file.slice(0, HEADER_BYTES).text());
}
