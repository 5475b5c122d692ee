import { describe, expect, it } from 'vitest';
import { cellFromSpreadsheet, spreadsheetCell } from './csv-cells';

describe('spreadsheet-safe CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","Click")', `'=HYPERLINK("http://evil.example","Click")`],
    ['+1 555 0100', `'+1 555 0100`],
    ["-2+3+cmd|' /C calc'!A0", `'-2+3+cmd|' /C calc'!A0`],
    ['@SUM(A1:A9)', `'@SUM(A1:A9)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['-12.50 off', `'-12.50 off`],
    ['-2+3@example.com', `'-2+3@example.com`],
  ])('quotes text a spreadsheet would run: %j', (text, written) => {
    expect(spreadsheetCell(text)).toBe(written);
    expect(cellFromSpreadsheet(spreadsheetCell(text))).toBe(text);
  });

  it.each([
    ['-12.50', '-12.50'],
    ['+12', '+12'],
    ['45.99', '45.99'],
    ['0', '0'],
    ['Brake pad set', 'Brake pad set'],
    ['pads = rotors', 'pads = rotors'],
    ["O'Reilly", "O'Reilly"],
    ['', ''],
  ])('leaves a plain number or harmless text as it is: %j', (text, written) => {
    expect(spreadsheetCell(text)).toBe(written);
    expect(cellFromSpreadsheet(written)).toBe(text);
  });

  it('writes numbers and empty values as they are', () => {
    expect(spreadsheetCell(-12.5)).toBe('-12.5');
    expect(spreadsheetCell(null)).toBe('');
    expect(spreadsheetCell(undefined)).toBe('');
  });

  it('takes off only the quote it would have added', () => {
    expect(cellFromSpreadsheet("'quoted")).toBe("'quoted");
    expect(cellFromSpreadsheet("'=1+1")).toBe('=1+1');
  });
});
