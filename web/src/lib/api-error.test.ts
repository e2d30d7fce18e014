import { describe, expect, it } from 'vitest';
import { ApiError, failureMessage } from './api-error';

describe('failureMessage', () => {
  it('gives the server’s message, else the fallback', () => {
    expect(failureMessage(new ApiError(409, 'CONFLICT', 'Already signed'), 'Failed')).toBe('Already signed');
    expect(failureMessage(new Error('boom'), 'Failed')).toBe('Failed');
  });

  it('says nothing when nothing failed, or for a 403 (its toast has said it)', () => {
    expect(failureMessage(null, 'Failed')).toBeNull();
    expect(failureMessage(new ApiError(403, 'FORBIDDEN', 'No'), 'Failed')).toBeNull();
  });
});
