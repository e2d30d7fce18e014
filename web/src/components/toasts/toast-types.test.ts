import { describe, expect, it } from 'vitest';
import { resolveToastTimeout } from './toast-types';

describe('toast timeouts', () => {
  it.each([
    ['success', 3000],
    ['error', 10000],
    ['warning', 5000],
    ['info', 5000],
    ['something-else', 5000],
  ])('%s toasts close after %i ms by default', (kind, timeout) => {
    expect(resolveToastTimeout(kind)).toBe(timeout);
  });

  it('keeps an explicit timeout, and 0 means no timeout', () => {
    expect(resolveToastTimeout('error', 1234)).toBe(1234);
    expect(resolveToastTimeout('success', 0)).toBe(0);
  });
});
