import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/providers';
import { json, makeUser, UNAUTHENTICATED } from '../../../test/render-app';
import { caseKeys } from '../api/query-keys';
import { journalKeys } from '../journal/api/journal-keys';
import { journalPageParams, readTimelineParams } from '../journal/components/timeline-params';
import { makeCase, CASE_ID, page } from '../routes/case-detail-fixtures';
import { prefetchCaseDetail } from './case-detail-prefetch';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** `fetch` answering the session with `me` and the case and its journal; returns the paths asked for. */
function serve(me: Response) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/auth/me') return me.clone();
      if (url.pathname === `/api/cases/${CASE_ID}`) return json(200, makeCase());
      if (url.pathname === `/api/cases/${CASE_ID}/journal-entries`) return json(200, page([]));
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return asked;
}

describe('prefetching /cases/:id', () => {
  it('asks for the case and the journal page the URL names, under the keys the screen reads', async () => {
    const asked = serve(json(200, makeUser('investigator')));
    const queryClient = createQueryClient();
    const search = new URLSearchParams('journalPage=2&journalType=call');
    await prefetchCaseDetail(queryClient, CASE_ID, search);
    expect(asked).toEqual([
      '/api/auth/me',
      `/api/cases/${CASE_ID}`,
      `/api/cases/${CASE_ID}/journal-entries?type=call&page=2&pageSize=25`,
    ]);
    expect(queryClient.getQueryData(caseKeys.detail(CASE_ID))).toEqual(makeCase());
    const params = journalPageParams(readTimelineParams(search));
    expect(queryClient.getQueryData(journalKeys.page(CASE_ID, params))).toEqual(page([]));
  });

  it('asks for the case alone when the URL opens another tab than the timeline', async () => {
    const asked = serve(json(200, makeUser('investigator')));
    await prefetchCaseDetail(createQueryClient(), CASE_ID, new URLSearchParams('tab=history'));
    expect(asked).toEqual(['/api/auth/me', `/api/cases/${CASE_ID}`]);
  });

  it('asks for nothing but the session when nobody is signed in', async () => {
    const asked = serve(json(401, UNAUTHENTICATED));
    await prefetchCaseDetail(createQueryClient(), CASE_ID, new URLSearchParams());
    expect(asked).toEqual(['/api/auth/me']);
  });
});
