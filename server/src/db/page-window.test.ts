import { describe, expect, it } from 'vitest';
import { fixedWindow, windowName, windowParams } from './page-window';

describe('the windows statements fix', () => {
  it('are the first three pages of the sizes the web offers', () => {
    expect(fixedWindow({ page: 1, pageSize: 25 })).toEqual({ limit: 25, offset: 0 });
    expect(fixedWindow({ page: 3, pageSize: 100 })).toEqual({ limit: 100, offset: 200 });
    expect(fixedWindow({ page: 4, pageSize: 25 })).toBeNull();
    expect(fixedWindow({ page: 1, pageSize: 7 })).toBeNull();
    // A size the web does not offer binds its window.
    expect(fixedWindow({ page: 1, pageSize: 10 })).toBeNull();
  });

  it('name their statements, and leave the placeholders to the others', () => {
    const fixed = fixedWindow({ page: 2, pageSize: 50 });
    expect(windowName(fixed)).toBe('_50_50');
    expect(windowParams(fixed, { page: 2, pageSize: 50 })).toEqual({});
    expect(windowName(null)).toBe('');
    expect(windowParams(null, { page: 5, pageSize: 10 })).toEqual({ limit: 10, offset: 40 });
  });
});
