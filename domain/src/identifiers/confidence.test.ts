import { describe, expect, it } from 'vitest';
import { formatConfidence } from './confidence';

describe('formatConfidence', () => {
  it('shows two decimals', () => {
    expect(formatConfidence(1)).toBe('1.00');
    expect(formatConfidence(0.9)).toBe('0.90');
    expect(formatConfidence(0.123)).toBe('0.12');
    expect(formatConfidence(0.005)).toBe('0.01');
    expect(formatConfidence(0)).toBe('0.00');
  });

  it('clamps to 0..1', () => {
    expect(formatConfidence(1.5)).toBe('1.00');
    expect(formatConfidence(-0.2)).toBe('0.00');
    expect(formatConfidence(Number.POSITIVE_INFINITY)).toBe('1.00');
    expect(formatConfidence(Number.NEGATIVE_INFINITY)).toBe('0.00');
  });

  it('shows "?" when the confidence is missing', () => {
    expect(formatConfidence(null)).toBe('?');
    expect(formatConfidence(undefined)).toBe('?');
    expect(formatConfidence(Number.NaN)).toBe('?');
    expect(formatConfidence({ score: null })).toBe('?');
    expect(formatConfidence({})).toBe('?');
  });

  it('reads the score of a confidence object', () => {
    expect(formatConfidence({ score: 0.8 })).toBe('0.80');
  });
});
