import { describe, expect, it } from 'vitest';
import { ApiError, failureMessage, retryAfterSeconds, statusMessage } from './api-error';

describe('failureMessage', () => {
  it('gives the server’s message, else the fallback', () => {
    expect(failureMessage(new ApiError(409, 'CONFLICT', 'Already signed'), 'Failed')).toBe('Already signed');
    expect(failureMessage(new Error('boom'), 'Failed')).toBe('Failed');
  });

  it('says nothing when nothing failed, or for what the API client answered (its toast said it)', () => {
    expect(failureMessage(null, 'Failed')).toBeNull();
    const answered = new ApiError(403, 'FORBIDDEN', 'No');
    answered.answered = true;
    expect(failureMessage(answered, 'Failed')).toBeNull();
  });

  it('gives the message of a refusal the client did not answer (a silent call’s 401 or 403)', () => {
    expect(failureMessage(new ApiError(403, 'FORBIDDEN', 'You may not do this'), 'Failed')).toBe(
      'You may not do this',
    );
    expect(failureMessage(new ApiError(401, 'UNAUTHORIZED', 'Sign in first'), 'Failed')).toBe(
      'Sign in first',
    );
  });
});

describe('statusMessage', () => {
  it('says what happened and what to do per kind of status, with the status for support', () => {
    expect(statusMessage(504)).toBe(
      'The server is unavailable or restarting (HTTP 504). Try again in a moment.',
    );
    expect(statusMessage(429)).toBe('Too many requests (HTTP 429). Wait, then try again in a moment.');
    expect(statusMessage(429, 900)).toBe('Too many requests (HTTP 429). Wait, then try again in 15 minutes.');
    expect(statusMessage(413)).toBe('What was sent is too large for the server to accept (HTTP 413).');
    expect(statusMessage(507)).toBe(
      'Something went wrong on the server (HTTP 507). Nothing already saved was lost; try again.',
    );
    expect(statusMessage(418)).toBe('The server refused the request (HTTP 418).');
  });
});

describe('retryAfterSeconds', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterSeconds('120')).toBe(120);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
  });
});
