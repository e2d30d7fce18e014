import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchIdentifiers } from './identifier-search';

const item = (id: string, displayValue: string) => ({
  id,
  type: 'phone',
  typeLabel: 'Phone',
  displayValue,
  data: {},
  tags: [],
});
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const page = (data: unknown[]) =>
  answer(200, { data, pagination: { page: 1, pageSize: 20, totalItems: data.length, totalPages: 1 } });

function serve(routes: Record<string, () => Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    return routes[url.pathname]?.() ?? answer(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetch);
  return (path: string) => fetch.mock.calls.filter(([url]) => String(url).startsWith(path)).length;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('searchIdentifiers', () => {
  it('puts the identifiers the text names first, then the display-value matches, each once', async () => {
    serve({
      '/api/identifiers/matches': () => answer(200, { data: [item('a', '+44 7700900123')] }),
      '/api/identifiers': () => page([item('b', '+44 7700 9001234'), item('a', '+44 7700900123')]),
    });
    expect((await searchIdentifiers('+44 7700900123', 20)).map((found) => found.id)).toEqual(['a', 'b']);
  });

  it('asks for matches only when the text holds a digit or an @', async () => {
    const asked = serve({ '/api/identifiers': () => page([item('b', 'gmail')]) });
    expect(await searchIdentifiers('gmail', 20)).toHaveLength(1);
    expect(asked('/api/identifiers/matches')).toBe(0);
  });

  it('still offers the display-value matches when the matches cannot be had', async () => {
    serve({
      '/api/identifiers/matches': () => answer(503, { error: { code: 'UNAVAILABLE', message: 'Busy' } }),
      '/api/identifiers': () => page([item('b', '+44 7700 900123')]),
    });
    expect((await searchIdentifiers('+44 7700 900123', 20)).map((found) => found.id)).toEqual(['b']);
  });
});
