import type { AuditEvent, Case, CaseIdentifier, RelatedCase } from '@scamtrail/domain/cases';

export const CASE_ID = '5b0b7d1e-3c1a-4c55-9d2a-0a4f3b6c7d80';
export const OTHER_CASE_ID = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

export function makeCase(overrides: Partial<Case> = {}): Case {
  return {
    id: CASE_ID,
    number: 42,
    title: 'Romance scam via dating app',
    description: 'Victim sent money abroad after weeks of messages.',
    status: 'open',
    priority: 'high',
    scamType: 'romance',
    reportedLoss: { amount: 1250, currency: 'USD' },
    resolution: null,
    closureNotes: null,
    duplicateOfId: null,
    closedAt: null,
    group: { id: 'group-1', name: 'Fraud desk' },
    assignees: [{ id: 'user-2', fullName: 'Grace Hopper' }],
    tags: [],
    originator: {
      id: 'originator-1',
      type: 'team_member',
      name: 'Ada Okafor',
      displayName: 'Ada Okafor (Team)',
      proxy: null,
    },
    entryCount: 2,
    evidenceCount: 1,
    lastActivityAt: '2026-03-05T14:03:00.000Z',
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-05T14:03:00.000Z',
    ...overrides,
  };
}

export const CLOSED = makeCase({
  status: 'closed',
  resolution: 'transferred',
  closureNotes: 'Handed to the national fraud office.',
  closedAt: '2026-03-06T10:00:00.000Z',
});

export const ARCHIVED = makeCase({ ...CLOSED, status: 'archived' });

export const IDENTIFIER: CaseIdentifier = {
  id: 'identifier-1',
  type: 'phone',
  typeLabel: 'Phone',
  displayValue: '+44 20 7946 0958',
  entryCount: 2,
  otherCaseCount: 1,
  otherCases: [{ id: OTHER_CASE_ID, number: 7, title: 'Fake investment platform', status: 'in_progress' }],
};

export const RELATED: RelatedCase = {
  case: { id: OTHER_CASE_ID, number: 7, title: 'Fake investment platform', status: 'in_progress' },
  sharedCount: 1,
  shared: [{ id: 'identifier-1', type: 'phone', displayValue: '+44 20 7946 0958' }],
};

export const CLOSED_EVENT: AuditEvent = {
  id: 3,
  action: 'case.updated',
  subjectType: 'case',
  subjectId: CASE_ID,
  actor: { kind: 'user', name: 'Ada Okafor', apiKeyId: null },
  before: { status: 'open', resolution: null, closureNotes: null },
  after: { status: 'closed', resolution: 'resolved', closureNotes: 'Money recovered.' },
  names: {},
  createdAt: '2026-03-06T10:00:00.000Z',
};

export const page = <T>(data: T[]) => ({
  data,
  pagination: { page: 1, pageSize: 25, totalItems: data.length, totalPages: 1 },
});
