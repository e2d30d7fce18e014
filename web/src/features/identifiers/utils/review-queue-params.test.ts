import { describe, expect, it } from 'vitest';
import {
  clearReviewQueueFilters,
  hasReviewQueueFilters,
  readReviewQueueParams,
  writeReviewQueueParams,
} from './review-queue-params';

const read = (search: string) => readReviewQueueParams(new URLSearchParams(search));
const write = (search: string, changes: Parameters<typeof writeReviewQueueParams>[1]) =>
  writeReviewQueueParams(new URLSearchParams(search), changes).toString();

describe('review queue URL state', () => {
  it('reads the pending queue, oldest first, where the URL says nothing or nonsense', () => {
    const defaults = { status: 'pending', type: '', reportedBy: '', sort: 'oldest', page: 1, pageSize: 25 };
    expect(read('')).toEqual(defaults);
    expect(read('status=maybe&type=fax&reportedBy=robot&sort=random&page=-3&pageSize=7')).toEqual(defaults);
    expect(read('status=rejected&type=other&reportedBy=automation&sort=newest&page=3&pageSize=50')).toEqual({
      status: 'rejected',
      type: 'other',
      reportedBy: 'automation',
      sort: 'newest',
      page: 3,
      pageSize: 50,
    });
  });

  it('goes back to page 1 on any change but the page, leaves defaults out and keeps other parameters', () => {
    expect(write('page=3&open=id-1', { status: 'confirmed' })).toBe('open=id-1&status=confirmed');
    expect(write('page=3', { sort: 'newest' })).toBe('sort=newest');
    expect(write('page=3', { pageSize: 100 })).toBe('pageSize=100');
    expect(write('type=email', { page: 2 })).toBe('type=email&page=2');
    // Choosing what is already chosen keeps the page.
    expect(write('type=email&page=2', { type: 'email' })).toBe('type=email&page=2');
    expect(write('status=confirmed', { status: 'pending' })).toBe('');
  });

  it('clears the type and reporter, keeping the status, the order and the page size', () => {
    const url = 'status=rejected&type=phone&reportedBy=automation&sort=newest&page=4&pageSize=50';
    expect(clearReviewQueueFilters(new URLSearchParams(url)).toString()).toBe(
      'status=rejected&sort=newest&pageSize=50',
    );
    expect(hasReviewQueueFilters(read(url))).toBe(true);
    expect(hasReviewQueueFilters(read('status=rejected&sort=newest'))).toBe(false);
  });
});
