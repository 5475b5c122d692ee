import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOOL_PAGE_SIZE_DEFAULT, ToolListQuery } from './catalog';
import { toolListFromAddress } from './tool-list-address';

/** What the reader must equal: the API's own schema, read as the page read it before. */
function withSchema(params: Record<string, string>) {
  const parsed = ToolListQuery.safeParse(params);
  const query = parsed.success ? parsed.data : {};
  return { ...query, limit: TOOL_PAGE_SIZE_DEFAULT, page: query.page ?? 1 };
}

const values = [
  '',
  ' ',
  '0',
  '-0',
  '1',
  '2',
  '1.5',
  '-1',
  '24',
  '100',
  '101',
  '1950',
  '1949',
  '2024',
  '2100',
  '2101',
  '100000',
  '100001',
  '1000000',
  '1000001',
  '1e3',
  '0x10',
  'Infinity',
  'NaN',
  ' 12 ',
  'true',
  'only',
  'all',
  'price',
  '-price',
  'name',
  'newest',
  'brakes',
  'Brakes',
  'brake-pads',
  'wrench',
  '  Ford  ',
  'Ford',
  'F-150',
  'x'.repeat(40),
  'x'.repeat(41),
  'x'.repeat(60),
  'x'.repeat(61),
  'x'.repeat(100),
  ` ${'x'.repeat(100)} `,
  'x'.repeat(101),
];
const keys = [...Object.keys(ToolListQuery.shape), 'other'];

describe('toolListFromAddress', () => {
  it('reads every address exactly as the API schema does', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), fc.constantFrom(...values)), (params) => {
        expect(toolListFromAddress(params)).toEqual(withSchema(params));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads one field at a time as the schema does', () => {
    for (const key of keys)
      for (const value of values) {
        expect(toolListFromAddress({ [key]: value })).toEqual(withSchema({ [key]: value }));
      }
  });

  it('keeps a whole vehicle and a price range, and drops the address when one part is wrong', () => {
    const vehicle = { year: '2019', make: ' Ford ', model: 'F-150', minPrice: '10', maxPrice: '20' };
    expect(toolListFromAddress(vehicle)).toEqual(withSchema(vehicle));
    expect(toolListFromAddress(vehicle).make).toBe('Ford');
    expect(toolListFromAddress({ ...vehicle, minPrice: '30' })).toEqual({ limit: 24, page: 1 });
    expect(toolListFromAddress({ year: '2019', make: 'Ford' })).toEqual({ limit: 24, page: 1 });
  });
});
