import { describe, expect, it } from 'vitest';
import { LIST_PAGE_SIZES, pageFromUrl } from './page-sizes';

describe('list page sizes', () => {
  it('offers 25, 50 and 100, 25 first (spec 9)', () => {
    expect(LIST_PAGE_SIZES).toEqual([25, 50, 100]);
  });

  it('keeps a size that is offered and falls back to the first otherwise', () => {
    for (const size of LIST_PAGE_SIZES) expect(pageFromUrl(null, String(size)).pageSize).toBe(size);
    for (const size of [null, '', '1', '10', '24', '99', '500', '050', '25.0', ' 25', 'abc']) {
      expect(pageFromUrl(null, size).pageSize).toBe(25);
    }
  });

  it('keeps a positive whole page and falls back to page 1 otherwise', () => {
    expect(pageFromUrl('1', null).page).toBe(1);
    expect(pageFromUrl('7', null).page).toBe(7);
    expect(pageFromUrl('999999999', null).page).toBe(999_999_999);
    for (const page of [null, '', '0', '-2', '1.5', '1e3', 'two', '1234567890', ' 3']) {
      expect(pageFromUrl(page, null).page).toBe(1);
    }
  });
});
