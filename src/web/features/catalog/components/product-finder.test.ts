import { describe, expect, it } from 'vitest';
import { finderFiltered, finderFromAddress, finderToAddress } from './product-finder';

describe("Manage Product's search and filters in the page's address", () => {
  it('reads each filter back, and leaves out what the list would refuse', () => {
    const state = finderFromAddress(
      new URLSearchParams('search=+BR-320+&category=brakes&brand=Redline&status=draft&stock=low&page=3'),
    );
    expect(state).toEqual({
      search: 'BR-320',
      category: 'brakes',
      brand: 'Redline',
      status: 'draft',
      stock: 'low',
      page: 3,
    });
    expect(finderToAddress(state).toString()).toBe(
      'search=BR-320&category=brakes&brand=Redline&status=draft&stock=low&page=3',
    );
    expect(
      finderFromAddress(new URLSearchParams('status=sold&stock=few&category=Not+A+Slug&page=0')),
    ).toEqual({
      search: '',
      category: '',
      brand: '',
      status: '',
      stock: '',
      page: 1,
    });
  });

  it('writes nothing for no filter and page 1, and says whether anything filters', () => {
    const none = finderFromAddress(new URLSearchParams(''));
    expect(finderToAddress(none).toString()).toBe('');
    expect(finderFiltered(none)).toBe(false);
    expect(finderFiltered({ ...none, stock: 'out' })).toBe(true);
    expect(finderFiltered({ ...none, page: 2 })).toBe(false);
  });
});
