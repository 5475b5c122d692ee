import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { spreadsheetCell } from './csv-cells';

/**
 * Every CSV file the store writes (the catalog export, the orders file): rows written as they
 * come, never all in memory, each text cell made safe to open in a spreadsheet (csv-cells.ts).
 * The rows and the writer are one pipeline: a failed read ends the download, and a download the
 * caller leaves stops the reading.
 */
export function csvDownload(
  rows: AsyncIterable<Record<string, string | number | null>>,
  columns: readonly string[],
): Readable {
  const csv = stringify({
    header: true,
    columns: [...columns],
    cast: { string: (value) => spreadsheetCell(value), number: (value) => spreadsheetCell(value) },
  });
  pipeline(Readable.from(rows), csv, () => {});
  return csv;
}
