import type { ExportEvent, ExportStream } from '@scamtrail/domain/export-streams';
import { json, makeUser, renderApp } from '../../../test/render-app';

/* Export streams of the route tests: one active and never read, one paused that a reader has read. */

export const READ_AT = '2026-03-02T08:15:00.000Z';

export const SIEM: ExportStream = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'SIEM feed',
  description: 'Sent to the security operations centre',
  topics: ['cases', 'identifiers'],
  groups: [],
  status: 'active',
  createdBy: 'Ada Okafor',
  lastReadAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

export const FRAUD_DESK = { id: '33333333-3333-4333-8333-333333333333', name: 'Fraud desk' };
export const MULES = { id: '44444444-4444-4444-8444-444444444444', name: 'Money mules' };

/** `GET /api/groups` as an administrator reads it: every group. */
export function groupsPage() {
  const data = [MULES, FRAUD_DESK].map((group) => ({
    ...group,
    description: '',
    memberCount: 1,
    caseCount: 2,
  }));
  return json(200, { data, pagination: { page: 1, pageSize: 100, totalItems: data.length, totalPages: 1 } });
}

export const TIP: ExportStream = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Threat intel',
  description: '',
  topics: ['evidence'],
  groups: [FRAUD_DESK],
  status: 'paused',
  // Its creator has since been removed.
  createdBy: null,
  lastReadAt: READ_AT,
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-03-01T11:00:00.000Z',
};

export function caseCreated(id: string, caseId: string): ExportEvent {
  return {
    id,
    type: 'case.created',
    topic: 'cases',
    occurredAt: '2026-03-01T10:05:00.000Z',
    subject: { type: 'case', id: caseId },
    caseId,
    actor: { originatorId: null, userId: 'admin-1', apiKeyId: null },
    data: {},
  };
}

export function page(streams: ExportStream[]) {
  return json(200, {
    data: streams,
    pagination: { page: 1, pageSize: 25, totalItems: streams.length, totalPages: 1 },
  });
}

type Routes = Parameters<typeof renderApp>[1];

/** The page as an administrator sees it, with `streams` listed and `routes` answering the rest. */
export function renderStreams(streams: ExportStream[], routes: Routes = {}) {
  return renderApp('/export-streams', {
    'GET /api/auth/me': () => json(200, makeUser('admin')),
    'GET /api/export-streams': () => page(streams),
    'GET /api/groups': groupsPage,
    ...routes,
  });
}

/** The calls made to `method` and a path ending in `pathEnd`, as URLs with their parsed JSON bodies. */
export function callsTo(
  fetchMock: ReturnType<typeof renderApp>['fetchMock'],
  method: string,
  pathEnd: string,
) {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://localhost'),
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    }))
    .filter(({ url }) => url.pathname.endsWith(pathEnd));
}
