import { describe, expect, it } from 'vitest';
import { formatDateTime, formatEvidenceCount, formatListDate, formatTotal, pluralise } from './format';

describe('identifier formatting', () => {
  it('writes list dates as short month, day, year', () => {
    // Midday UTC stays on the same calendar day in every time zone the tests run in.
    expect(formatListDate('2026-11-20T12:00:00.000Z')).toBe('Nov 20, 2026');
    expect(formatListDate('2026-01-05T12:00:00.000Z')).toBe('Jan 5, 2026');
  });

  it('shows a dash for a missing or unreadable date', () => {
    expect(formatListDate(undefined)).toBe('-');
    expect(formatListDate(null)).toBe('-');
    expect(formatListDate('not a date')).toBe('-');
    expect(formatDateTime('')).toBe('-');
  });

  it('adds the time in the detail view', () => {
    expect(formatDateTime('2026-11-20T12:00:00.000Z')).toMatch(/^Nov 20, 2026, \d{1,2}:\d{2} [AP]M$/);
  });

  it('shows the evidence count, or a dash when there is none', () => {
    expect(formatEvidenceCount(3)).toBe('3');
    expect(formatEvidenceCount(1234)).toBe('1,234');
    expect(formatEvidenceCount(0)).toBe('-');
    expect(formatEvidenceCount(undefined)).toBe('-');
    expect(formatEvidenceCount(null)).toBe('-');
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
