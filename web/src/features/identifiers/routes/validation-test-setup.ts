import { vi } from 'vitest';
import { json } from '../../../test/render-app';
import type { IdentifierDetail, IdentifierReview, ReviewQueueItem } from '../api/identifier-types';
import { EMPTY_DETAIL, ITEM, SECOND } from './identifiers-test-setup';

/* Shared data of the validation queue's tests. */

export const PENDING: IdentifierReview = {
  status: 'pending',
  note: null,
  reviewedAt: null,
  reviewedBy: null,
};
export const REVIEWER = {
  id: 'o2',
  type: 'team_member' as const,
  name: 'Ben Ito',
  displayName: 'Ben Ito (Team)',
};
export const CONFIRMED: IdentifierReview = {
  status: 'confirmed',
  note: 'Named in three victims’ statements',
  reviewedAt: '2026-11-21T09:30:00.000Z',
  reviewedBy: REVIEWER,
};

export const QUEUED: ReviewQueueItem = { ...ITEM, tags: [], review: PENDING };
export const QUEUED_SECOND: ReviewQueueItem = { ...SECOND, tags: [], review: PENDING };

/** QUEUED's detail: awaiting review, with one written statement naming it. */
export const DETAIL: IdentifierDetail = {
  ...EMPTY_DETAIL,
  evidence: [
    { id: 'ev-1', title: 'Victim statement', kind: 'written', createdAt: '2026-11-20T12:00:00.000Z' },
  ],
  evidenceCount: 1,
};

export const queuePage = (data: ReviewQueueItem[], totalItems = data.length, page = 1) =>
  json(200, {
    data,
    pagination: { page, pageSize: 25, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / 25)) },
    totalIsCapped: false,
  });

/** The review-queue requests made, as URLs. */
export function queueCalls(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/identifiers/review-queue');
}

/** The bodies posted to an identifier's review. */
export function reviewBodies(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith('/review') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}
