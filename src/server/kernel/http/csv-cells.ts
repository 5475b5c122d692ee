/**
 * Cells of the CSV files the store writes, safe to open in a spreadsheet (docs/decisions/072).
 * A spreadsheet runs a cell that starts with =, +, - or @ as a formula (tab and carriage return
 * are read the same way by some), so a product name or an e-mail address a customer typed could
 * run on the owner's computer. Such a text cell is written with a single quote in front, as OWASP
 * advises: the spreadsheet shows the text, and runs nothing. A plain number (-12.50) is a number,
 * not a formula, and is written as it is, so money columns stay numbers.
 */

/** What makes a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number, as the store writes money and counts: no formula can hide in it. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
/** A cell this module escaped: the quote, then what made it one. */
const ESCAPED = /^'[=+\-@\t\r]/;

/** The cell as the store writes it: text that a spreadsheet would run gets a leading quote. */
export function spreadsheetCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (FORMULA_START.test(value) && !PLAIN_NUMBER.test(value)) return `'${value}`;
  return value;
}

/**
 * A cell read back from a file the store wrote (the catalog export into the import): the quote
 * `spreadsheetCell` added comes off again, so what an export writes an import reads unchanged.
 */
export function cellFromSpreadsheet(cell: string): string {
  return ESCAPED.test(cell) ? cell.slice(1) : cell;
}
