import { describe, expect, it } from 'vitest';
import { csvHeader, fileHeader } from './csv-header';

describe('csvHeader', () => {
  it.each([
    ['sku,name,price\nTK-1,Wrench,9.50\n', ['sku', 'name', 'price']],
    [
      'Item No,Vendor Part,Qty,Unit Cost\r\nTW-1,V-1,3,1.00\r\n',
      ['Item No', 'Vendor Part', 'Qty', 'Unit Cost'],
    ],
    ['\uFEFFItem #,Qty\nA,1\n', ['Item #', 'Qty']],
    ['"Cost, each",Qty\n', ['Cost, each', 'Qty']],
    ['"Part ""A""",x\n', ['Part "A"', 'x']],
    ['"Two\nlines",Qty\n1,2\n', ['Two\nlines', 'Qty']],
    [' Qty , Unit Cost \n', [' Qty ', ' Unit Cost ']],
    ['sku,,price', ['sku', '', 'price']],
    ['sku,name,', ['sku', 'name', '']],
    ['sku', ['sku']],
    ['', []],
    ['\uFEFF', []],
    ['\n\nsku\n', []],
  ])('reads the header of %j as %j', (text, header) => {
    expect(csvHeader(text)).toEqual(header);
  });
});

describe('fileHeader', () => {
  it("reads a picked file's first row, its byte order mark dropped", async () => {
    const file = new File(['\uFEFF"Unit Cost, USD",Item No\nTW-1,3\n'], 'prices.csv', { type: 'text/csv' });
    expect(await fileHeader(file)).toEqual(['Unit Cost, USD', 'Item No']);
  });
});
