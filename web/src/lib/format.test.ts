import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatTime,
  formatTimeWithSeconds,
  formatTotal,
  pluralise,
} from './format';

describe('formatting', () => {
  it('writes dates as short month, day, year', () => {
    // Midday UTC stays on the same calendar day in every time zone the tests run in.
    expect(formatDate('2026-11-20T12:00:00.000Z')).toBe('Nov 20, 2026');
    expect(formatDate('2026-01-05T12:00:00.000Z')).toBe('Jan 5, 2026');
  });

  it('shows a dash for a missing or unreadable date', () => {
    expect(formatDate(undefined)).toBe('—');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDateTime('')).toBe('—');
  });

  it('adds the time in the detail view', () => {
    expect(formatDateTime('2026-11-20T12:00:00.000Z')).toMatch(/^Nov 20, 2026, \d{1,2}:\d{2}\u00a0[AP]M$/);
  });

  it('keeps a time on one line with its AM or PM (a no-break space joins them)', () => {
    const at = new Date(2026, 10, 20, 11, 11);
    expect(formatTime(at)).toBe('11:11\u00a0AM');
    expect(formatDateTime(at)).toBe('Nov 20, 2026, 11:11\u00a0AM');
    expect(formatTime(new Date(2026, 10, 20, 14, 3))).toBe('2:03\u00a0PM');
    expect(formatTimeWithSeconds(new Date(2026, 10, 20, 14, 3, 45))).toBe('2:03:45\u00a0PM');
    expect(formatTimeWithSeconds(null)).toBe('—');
  });

  it('shows a count, or a dash when there is none', () => {
    expect(formatCount(3)).toBe('3');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(0)).toBe('—');
    expect(formatCount(undefined)).toBe('—');
    expect(formatCount(null)).toBe('—');
  });

  it('writes estimated totals as 10,000+', () => {
    expect(formatTotal(2500, false)).toBe('2,500');
    expect(formatTotal(1_234_567, true)).toBe('10,000+');
  });

  it('pluralises', () => {
    expect(pluralise(1, 'row')).toBe('1 row');
    expect(pluralise(2000, 'row')).toBe('2,000 rows');
  });
});
