import { describe, expect, it } from 'vitest';
import { clearListFilters, hasActiveFilters, readListParams, writeListParams } from './list-params';

const params = (query: string) => new URLSearchParams(query);

describe('identifier list URL state', () => {
  it('defaults to page 1 of 25 with no filters', () => {
    expect(readListParams(params(''))).toEqual({
      search: '',
      type: '',
      sort: 'newest',
      page: 1,
      pageSize: 25,
    });
  });

  it('reads search, type, page and page size', () => {
    expect(
      readListParams(params('search=%20gmail%20&type=crypto_wallet&sort=most_cases&page=3&pageSize=100')),
    ).toEqual({
      search: 'gmail',
      type: 'crypto_wallet',
      sort: 'most_cases',
      page: 3,
      pageSize: 100,
    });
  });

  it('falls back to defaults for malformed or unknown values', () => {
    expect(readListParams(params('type=fax&sort=loudest&page=0&pageSize=30'))).toEqual({
      search: '',
      type: '',
      sort: 'newest',
      page: 1,
      pageSize: 25,
    });
    expect(readListParams(params('page=-2&pageSize=abc')).page).toBe(1);
    expect(readListParams(params('page=2.5')).page).toBe(1);
  });

  it('goes back to page 1 when the search changes', () => {
    const next = writeListParams(params('page=4&type=email'), { search: 'scam' });
    expect(next.toString()).toBe('type=email&search=scam');
  });

  it('goes back to page 1 when the type filter or the page size changes', () => {
    expect(writeListParams(params('page=4'), { type: 'phone' }).get('page')).toBeNull();
    expect(writeListParams(params('page=4'), { pageSize: 50 }).toString()).toBe('pageSize=50');
    expect(writeListParams(params('page=4'), { sort: 'most_cases' }).toString()).toBe('sort=most_cases');
    expect(writeListParams(params('sort=most_cases'), { sort: 'newest' }).toString()).toBe('');
  });

  it('keeps the page when only the page changes, or a filter is set to what it was', () => {
    expect(writeListParams(params('type=email'), { page: 2 }).toString()).toBe('type=email&page=2');
    expect(writeListParams(params('type=email&page=3'), { type: 'email' }).get('page')).toBe('3');
  });

  it('leaves defaults out of the URL and keeps the open detail', () => {
    const next = writeListParams(params('open=abc&search=x&page=2'), { search: '', pageSize: 25 });
    expect(next.toString()).toBe('open=abc');
  });

  it('knows when a filter is active', () => {
    expect(hasActiveFilters({ search: '', type: '' })).toBe(false);
    expect(hasActiveFilters({ search: '  ', type: '' })).toBe(false);
    expect(hasActiveFilters({ search: 'a', type: '' })).toBe(true);
    expect(hasActiveFilters({ search: '', type: 'zelle' })).toBe(true);
  });

  it('clears filters and the page but keeps the page size', () => {
    expect(clearListFilters(params('search=a&type=email&page=5&pageSize=100')).toString()).toBe(
      'pageSize=100',
    );
  });
});
