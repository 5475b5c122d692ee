import { finished, pipeline, type Readable, Transform } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { AppError } from '../errors';

/**
 * A CSV file sent as a request's body, read as a stream (docs/decisions/072). Every way the file
 * or its sending can go wrong ends the reading with an AppError the route answers (400, or 413
 * past the size), never an 'error' event nobody hears: a file the parser refuses says on which
 * line and why ("line 3: a quote is not closed"). A quote inside a field that does not start
 * with one (`3/8" drive`) is that field's text, as spreadsheets read it.
 */

/** No row of the store's layouts comes near this; a longer one is a quote left open. */
export const CSV_MAX_ROW_CHARACTERS = 64 * 1024;

export interface CsvRow {
  /** The row's cells by the names `columns` gave the header's cells. */
  record: Record<string, string>;
  /** The line of the file the row ends on (a quoted cell may hold line breaks). */
  line: number;
}

const unreadable = (message: string) =>
  new AppError('VALIDATION_FAILED', `The file is not readable CSV: ${message}`, [{ path: 'file', message }]);

/** The parser's refusal in the owner's words, with the line it concerns. */
function csvProblem(error: CsvError, rowStart: number): AppError {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return unreadable(`line ${rowStart}: a quote is not closed`);
    case 'CSV_MAX_RECORD_SIZE':
      return unreadable(
        `line ${rowStart}: the row is longer than ${CSV_MAX_ROW_CHARACTERS.toLocaleString('en-US')} characters; a quote may not be closed`,
      );
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return unreadable(
        `line ${error.lines}: a quoted cell goes on after its closing quote; inside quotes, write a quote twice ("")`,
      );
    case 'INVALID_OPENING_QUOTE':
      return unreadable(`line ${error.lines}: a quote in the middle of a cell`);
    default:
      return unreadable(`line ${error.lines}: ${error.message}`);
  }
}

/** What the parser is given at once, at most: what a socket reads at once. */
const SLICE_BYTES = 64 * 1024;

/**
 * Passes the body on until `limit` bytes, then ends the reading with 413. A chunk larger than a
 * socket's (a file handed over whole) goes on in slices a turn of the event loop apart, so the
 * parser never holds the loop for the whole of it.
 */
function capped(limit: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit)
        return done(
          new AppError('PAYLOAD_TOO_LARGE', `The file must be ${limit / 1024 / 1024} MB or smaller`),
        );
      if (chunk.length <= SLICE_BYTES) return done(null, chunk);
      let at = 0;
      const next = () => {
        this.push(chunk.subarray(at, at + SLICE_BYTES));
        at += SLICE_BYTES;
        if (at < chunk.length && !this.destroyed) setImmediate(next);
        else done();
      };
      next();
    },
  });
}

/**
 * The rows of the CSV `body`, its header named by `columns`. Stopping early (a `break`, or an
 * error thrown by the caller) stops the reading; the body is left unread, so the answer can still
 * be sent.
 */
export async function* readCsvUpload(
  body: Readable,
  options: { maxBytes: number; columns: (header: string[]) => string[] },
): AsyncGenerator<CsvRow> {
  const cap = capped(options.maxBytes);
  // The body is piped, not put in the pipeline: the pipeline destroys its streams when the reading
  // stops, and a destroyed request cannot be answered. A body that breaks off ends the reading.
  finished(body, (error) => {
    if (error) cap.destroy(unreadable('the file did not arrive whole; send it again'));
  });
  body.pipe(cap);
  // The line the row being parsed starts on, for a refusal: the header is line 1, and each row
  // starts after the last one the parser finished (it may be ahead of the rows taken below).
  let rowStart = 1;
  const parser = parse({
    bom: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    max_record_size: CSV_MAX_ROW_CHARACTERS,
    columns: (header: string[]) => {
      rowStart = 2;
      return options.columns(header);
    },
    on_record: (record: Record<string, string>, { lines }): CsvRow => {
      rowStart = lines + 1;
      return { record, line: lines };
    },
  });
  // Any error of the cap or the parser destroys both and ends the loop below with it.
  pipeline(cap, parser, () => {});
  try {
    for await (const row of parser as AsyncIterable<CsvRow>) yield row;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof CsvError) throw csvProblem(error, rowStart);
    throw unreadable('the file did not arrive whole; send it again');
  } finally {
    cap.destroy();
  }
}
