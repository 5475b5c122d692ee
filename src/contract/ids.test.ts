import { describe, expect, it } from 'vitest';
import { isUuid } from './ids';

describe('isUuid', () => {
  it('takes a UUID in either case and nothing else', () => {
    expect(isUuid('0b1e4a3c-5d6f-4a7b-8c9d-0e1f2a3b4c5d')).toBe(true);
    expect(isUuid('0B1E4A3C-5D6F-4A7B-8C9D-0E1F2A3B4C5D')).toBe(true);
    for (const id of [
      '',
      'abc',
      '0b1e4a3c5d6f4a7b8c9d0e1f2a3b4c5d',
      ' 0b1e4a3c-5d6f-4a7b-8c9d-0e1f2a3b4c5d',
      "1' or '1'='1",
    ]) {
      expect(isUuid(id)).toBe(false);
    }
  });
});
