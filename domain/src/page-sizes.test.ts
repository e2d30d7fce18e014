import { describe, expect, it } from 'vitest';
import { LIST_PAGE_SIZES, offeredPageSize } from './page-sizes';

describe('list page sizes', () => {
  it('offers 25, 50 and 100, 25 first (spec 9)', () => {
    expect(LIST_PAGE_SIZES).toEqual([25, 50, 100]);
  });

  it('keeps a size that is offered and falls back to the first otherwise', () => {
    for (const size of LIST_PAGE_SIZES) expect(offeredPageSize(size)).toBe(size);
    for (const size of [undefined, 1, 10, 24, 99, 500]) expect(offeredPageSize(size)).toBe(25);
  });
});
