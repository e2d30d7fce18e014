import { afterEach, describe, expect, it, vi } from 'vitest';
import { discardFirstResponses, sendFirstRequests, takeFirstResponse } from './first-responses';

describe('first responses', () => {
  afterEach(() => {
    discardFirstResponses();
    vi.unstubAllGlobals();
  });

  it('sends each URL once, as the API client sends a GET, and hands each answer over once', async () => {
    const answer = new Response('{}', { status: 200 });
    const fetch = vi.fn(async () => answer);
    vi.stubGlobal('fetch', fetch);
    sendFirstRequests(['/api/auth/me', '/api/cases?page=1', '/api/auth/me']);
    expect(fetch.mock.calls).toEqual([
      ['/api/auth/me', { credentials: 'same-origin', headers: { Accept: 'application/json' } }],
      ['/api/cases?page=1', { credentials: 'same-origin', headers: { Accept: 'application/json' } }],
    ]);
    await expect(takeFirstResponse('/api/cases?page=1')).resolves.toBe(answer);
    expect(takeFirstResponse('/api/cases?page=1')).toBeUndefined();
    expect(takeFirstResponse('/api/cases?page=2')).toBeUndefined();
  });

  it('answers undefined for a request that did not reach the server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    sendFirstRequests(['/api/auth/me']);
    await expect(takeFirstResponse('/api/auth/me')).resolves.toBeUndefined();
  });

  it('hands nothing over once the answers are dropped, and cancels their bodies', async () => {
    const answer = new Response('{"data":[]}', { status: 403 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer),
    );
    sendFirstRequests(['/api/identifiers?page=1']);
    discardFirstResponses();
    expect(takeFirstResponse('/api/identifiers?page=1')).toBeUndefined();
    await vi.waitFor(() => expect(answer.bodyUsed).toBe(true));
  });
});
