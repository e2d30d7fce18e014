import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';

type Init = RequestInit & { headers: Record<string, string> };

/** A client whose fetch fails (no answer) or succeeds as each test tells it, recording what it sent. */
function setup() {
  const sent: Init[] = [];
  let next: 'lost' | 'created' = 'created';
  const fetch = vi.fn(async (_url: string, init: Init) => {
    sent.push(init);
    if (next === 'lost') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ id: sent.length }), {
      status: 201,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  const client = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
  const keys = () => sent.map((init) => init.headers['Idempotency-Key']);
  return { client, keys, answer: (outcome: typeof next) => (next = outcome) };
}

describe('Idempotency-Key of creating calls', () => {
  it('a retry of a submission whose answer was lost sends the key of its first attempt', async () => {
    const { client, keys, answer } = setup();
    answer('lost');
    const body = { title: 'Romance scam' };
    await expect(client.post('/cases', body, { idempotent: true })).rejects.toThrow();
    answer('created');
    await client.post('/cases', { ...body }, { idempotent: true });
    expect(keys()[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys()[1]).toBe(keys()[0]);
  });

  it('after a success the same values are a new submission, and other values another one', async () => {
    const { client, keys, answer } = setup();
    answer('created');
    await client.post('/tags', { name: 'bank' }, { idempotent: true });
    await client.post('/tags', { name: 'bank' }, { idempotent: true });
    answer('lost');
    await expect(client.post('/tags', { name: 'crypto' }, { idempotent: true })).rejects.toThrow();
    await expect(client.post('/groups', { name: 'crypto' }, { idempotent: true })).rejects.toThrow();
    expect(new Set(keys()).size).toBe(4);
  });

  it('an upload retried with the same file and fields keeps its key', async () => {
    const { client, keys, answer } = setup();
    const file = new File(['png bytes'], 'shot.png', { type: 'image/png', lastModified: 1 });
    const form = () => {
      const data = new FormData();
      data.append('title', 'Screenshot');
      data.append('file', file);
      return data;
    };
    answer('lost');
    await expect(client.post('/evidence', form(), { idempotent: true })).rejects.toThrow();
    answer('created');
    await client.post('/evidence', form(), { idempotent: true });
    const other = new File(['other bytes'], 'shot.png', { type: 'image/png', lastModified: 2 });
    const changed = form();
    changed.set('file', other);
    await client.post('/evidence', changed, { idempotent: true });
    expect(keys()[1]).toBe(keys()[0]);
    expect(keys()[2]).not.toBe(keys()[0]);
  });

  it('calls that do not create send no key', async () => {
    const { client, keys } = setup();
    await client.post('/cases/bulk-update', { ids: [] });
    expect(keys()).toEqual([undefined]);
  });
});
