import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCaseOptions } from './get-case-options';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getCaseOptions', () => {
  it('asks for the cases whose title matches before those whose description does', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({
        data: [{ id: 'c1', number: 7, title: 'Fake investment platform', status: 'open' }],
        pagination: { page: 1, pageSize: 20, totalItems: 1, totalPages: 1 },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const options = await getCaseOptions('Fake');
    const url = new URL(String((fetchMock.mock.calls[0] as unknown[])[0]), 'http://x');
    expect(url.pathname).toBe('/api/cases');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search: 'Fake',
      sort: 'relevance',
      page: '1',
      pageSize: '20',
    });
    expect(options).toEqual([{ id: 'c1', number: 7, title: 'Fake investment platform', status: 'open' }]);
  });
});
