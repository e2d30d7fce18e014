import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads delay-seconds and an HTTP date', () => {
    expect(retryAfterMs(' 120 ', now)).toBe(120_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:01:30 GMT', now)).toBe(90_000);
  });

  it('answers 0 for a date already past, and the first of repeated values', () => {
    expect(retryAfterMs('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs(['5', '60'], now)).toBe(5_000);
  });

  it('answers undefined when there is none or it is neither', () => {
    for (const value of [undefined, null, '', 'soon', '-5', []])
      expect(retryAfterMs(value, now)).toBeUndefined();
  });
});
