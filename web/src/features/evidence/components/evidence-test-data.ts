import { json } from '../../../test/render-app';
import type { CustodyEvent, EvidenceItem } from '../api/evidence-types';

/* Records and answers shared by the evidence panel's tests. */

const SHA256 = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

export const CASE_ID = '11111111-1111-4111-8111-111111111111';

export const SCREENSHOT: EvidenceItem = {
  id: 'e1',
  kind: 'screenshot',
  title: 'Payment receipt',
  description: 'Sent by the victim',
  body: null,
  fileName: 'receipt.png',
  mediaType: 'image/png',
  size: 1_572_864,
  sha256: SHA256,
  case: { id: CASE_ID, number: 42, title: 'Romance scam', status: 'open' },
  tags: [{ id: 't1', name: 'money-mule', color: 'purple' }],
  originator: {
    id: 'o1',
    type: 'team_member',
    name: 'Ada Okafor',
    displayName: 'Ada Okafor (Team)',
    proxy: null,
  },
  journalEntryCount: 1,
  identifierCount: 0,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
};

export const WRITTEN: EvidenceItem = {
  ...SCREENSHOT,
  id: 'e2',
  kind: 'written',
  title: 'Call transcript',
  body: 'He asked for gift cards.',
  fileName: null,
  mediaType: null,
  size: null,
  case: null,
  tags: [],
};

export const CUSTODY: CustodyEvent[] = [
  {
    id: 1,
    action: 'added',
    actor: { kind: 'user', name: 'Ada Okafor' },
    detail: { sha256: SHA256, size: 1_572_864, mediaType: 'image/png', caseId: CASE_ID },
    names: {},
    entryCases: {},
    createdAt: '2026-11-20T12:00:00.000Z',
  },
  {
    id: 2,
    action: 'viewed',
    actor: { kind: 'api_key', name: 'Inbox scanner' },
    detail: {},
    names: {},
    entryCases: {},
    createdAt: '2026-11-20T12:05:00.000Z',
  },
];

export const page = <T>(data: T[]) =>
  json(200, { data, pagination: { page: 1, pageSize: 25, totalItems: data.length, totalPages: 1 } });

export const NO_TAGS = () => page([]);
