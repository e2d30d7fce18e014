import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';

function jsonResponse(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(response: Response | (() => Promise<Response>)) {
  const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(
    typeof response === 'function' ? response : async () => response,
  );
  const onUnauthorized = vi.fn();
  const onForbidden = vi.fn();
  const client = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    handlers: { onUnauthorized, onForbidden },
  });
  return { client, fetch, onUnauthorized, onForbidden };
}

describe('API client', () => {
  it('calls /api with same-origin credentials and answers the JSON body', async () => {
    const { client, fetch } = setup(jsonResponse(200, { ok: true }));
    await expect(client.get('/health')).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/health');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin', body: undefined });
  });

  it('sends {} as a JSON body on state-changing calls without payload', async () => {
    const { client, fetch } = setup(new Response(null, { status: 204 }));
    await expect(client.post('/auth/logout')).resolves.toBeUndefined();
    await client.delete('/identifiers/1');
    for (const [, init] of fetch.mock.calls) {
      expect(init.body).toBe('{}');
      expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    }
    expect(fetch.mock.calls.map(([, init]) => init.method)).toEqual(['POST', 'DELETE']);
  });

  it('sends a FormData body as it is, leaving its multipart Content-Type to the browser', async () => {
    const { client, fetch } = setup(jsonResponse(201, { id: 'e1' }));
    const form = new FormData();
    form.append('title', 'Receipt');
    await expect(client.post('/evidence', form)).resolves.toEqual({ id: 'e1' });
    const [, init] = fetch.mock.calls[0];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('encodes query parameters, repeating arrays and leaving out empty values', async () => {
    const { client, fetch } = setup(jsonResponse(200, []));
    await client.get('/identifiers/confidence/bulk', {
      params: { ids: ['a', 'b'], type: undefined, page: 2 },
    });
    expect(fetch.mock.calls[0][0]).toBe('/api/identifiers/confidence/bulk?ids=a&ids=b&page=2');
  });

  it('on 401 calls the unauthorized handler and throws', async () => {
    const { client, onUnauthorized, onForbidden } = setup(
      jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in first' } }),
    );
    await expect(client.get('/cases')).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      answered: true,
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('on 403 calls the forbidden handler and throws', async () => {
    const { client, onUnauthorized, onForbidden } = setup(
      jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'No' } }),
    );
    await expect(client.post('/tags', { name: 'x' })).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      answered: true,
    });
    expect(onForbidden).toHaveBeenCalledOnce();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('leaves 401 and 403 to the caller for silent calls', async () => {
    const { client, onUnauthorized } = setup(
      jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } }),
    );
    const error = await client.get('/auth/me', { silent: true }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    // Not answered: a screen that reports it is the only one to.
    expect((error as ApiError).answered).toBe(false);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('throws other failures as an ApiError with code, message, details and status', async () => {
    const details = { fields: [{ field: 'email', message: 'Please enter a valid email address' }] };
    const { client, onUnauthorized, onForbidden } = setup(
      jsonResponse(400, { error: { code: 'VALIDATION_FAILED', message: 'Invalid request', details } }),
    );
    const error = await client.post('/users', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      answered: false,
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid request',
      details,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('tells what to do about an answer without an error body, keeping its status', async () => {
    const { client } = setup(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client.get('/cases')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: 'The server is unavailable or restarting (HTTP 502). Try again in a moment.',
    });
  });

  it('says when to try again as the Retry-After of an answer without an error body asks', async () => {
    const { client } = setup(new Response(null, { status: 503, headers: { 'Retry-After': '30' } }));
    await expect(client.get('/cases')).rejects.toMatchObject({
      message: 'The server is unavailable or restarting (HTTP 503). Try again in 30 seconds.',
    });
  });

  it('says that nothing saved was lost when the server failed without an error body', async () => {
    const { client } = setup(new Response('', { status: 500 }));
    await expect(client.post('/cases', {})).rejects.toMatchObject({
      status: 500,
      message: 'Something went wrong on the server (HTTP 500). Nothing already saved was lost; try again.',
    });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.get('/cases')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('API client, answers of the page first requests', () => {
  /** A client whose first requests answered `first` for each URL (undefined: did not reach the server). */
  function withFirst(first: Record<string, Response | undefined>) {
    const taken: string[] = [];
    const pending = new Map(Object.entries(first).map(([url, res]) => [url, Promise.resolve(res)]));
    const fetch = vi.fn(async () => jsonResponse(200, { later: true }));
    const onUnauthorized = vi.fn();
    const onForbidden = vi.fn();
    const client = createApiClient({
      fetch: fetch as unknown as typeof globalThis.fetch,
      handlers: { onUnauthorized, onForbidden },
      takeFirstResponse: (url) => {
        taken.push(url);
        const answer = pending.get(url);
        pending.delete(url);
        return answer;
      },
    });
    return { client, fetch, taken, onUnauthorized, onForbidden };
  }

  it('takes a successful answer for the same URL instead of asking again, once', async () => {
    const { client, fetch } = withFirst({ '/api/cases?page=1': jsonResponse(200, { first: true }) });
    await expect(client.get('/cases', { params: { page: 1 } })).resolves.toEqual({ first: true });
    expect(fetch).not.toHaveBeenCalled();
    await expect(client.get('/cases', { params: { page: 1 } })).resolves.toEqual({ later: true });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks again, without a word, when the first answer was a refusal the caller did not expect', async () => {
    for (const status of [401, 403, 500]) {
      const { client, fetch, onUnauthorized, onForbidden } = withFirst({
        '/api/identifiers': jsonResponse(status, { error: { code: 'X', message: 'no' } }),
      });
      await expect(client.get('/identifiers')).resolves.toEqual({ later: true });
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(onUnauthorized).not.toHaveBeenCalled();
      expect(onForbidden).not.toHaveBeenCalled();
    }
  });

  it('takes any answer when the caller handles refusals itself (the session probe)', async () => {
    const { client, fetch, onUnauthorized } = withFirst({
      '/api/auth/me': jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
    });
    await expect(client.get('/auth/me', { silent: true })).rejects.toMatchObject({ status: 401 });
    expect(fetch).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('asks again when the first request did not reach the server', async () => {
    const { client, fetch } = withFirst({ '/api/auth/me': undefined });
    await expect(client.get('/auth/me', { silent: true })).resolves.toEqual({ later: true });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('looks for a first answer only for a GET without headers of its own', async () => {
    const { client, taken } = withFirst({});
    await client.post('/cases', {});
    await client.get('/cases/c1', { headers: { 'If-None-Match': '"1"' } });
    await client.get('/cases/c2');
    expect(taken).toEqual(['/api/cases/c2']);
  });

  it('does not hand a first answer to a request aborted while it was on its way', async () => {
    const { client, fetch } = withFirst({ '/api/cases': jsonResponse(200, { first: true }) });
    const controller = new AbortController();
    const asked = client.get('/cases', { signal: controller.signal });
    controller.abort();
    await expect(asked).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetch).not.toHaveBeenCalled();
  });
});
