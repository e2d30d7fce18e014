import type { Case } from '@scamtrail/domain/cases';
import { json } from '../../../test/render-app';

/* Cases and option lists the cases route and dialog tests answer with. */

export const ADA = { id: 'b2c3d4e5-f6a7-4b8c-9d0e-f1a2b3c4d5e6', fullName: 'Ada Okafor' };
export const BEN = { id: 'c3d4e5f6-a7b8-4c9d-8e0f-123456789abc', fullName: 'Ben Ito' };
export const GROUP = { id: 'e5f6a7b8-c9d0-4e1f-9a2b-3c4d5e6f7a8b', name: 'Fraud desk' };
export const TAG = {
  id: '6a1d3f4e-1b2c-4d5e-8f90-a1b2c3d4e5f6',
  name: 'money-mule',
  color: 'purple' as const,
};

export const CASE: Case = {
  id: '11111111-2222-4333-8444-555555555555',
  number: 42,
  title: 'Romance scam, wire to Lagos',
  description: '',
  status: 'in_progress',
  priority: 'high',
  scamType: 'romance',
  reportedLoss: { amount: 1500, currency: 'USD' },
  resolution: null,
  closureNotes: null,
  duplicateOfId: null,
  closedAt: null,
  group: null,
  assignees: [ADA, BEN, { id: 'd4e5f6a7-b8c9-4dab-8cde-f0123456789a', fullName: 'Cy Dahl' }],
  tags: [{ id: TAG.id, name: TAG.name, color: TAG.color }],
  originator: null,
  entryCount: 12,
  evidenceCount: 3,
  lastActivityAt: '2026-11-20T12:00:00.000Z',
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
};
export const UNASSIGNED: Case = {
  ...CASE,
  id: '11111111-2222-4333-8444-666666666666',
  number: 7,
  title: 'Fake shop',
  status: 'open',
  priority: 'low',
  scamType: null,
  assignees: [],
  entryCount: 0,
};

export const casePage = (data: Case[], totalItems = data.length) =>
  json(200, {
    data,
    pagination: { page: 1, pageSize: 25, totalItems, totalPages: Math.ceil(totalItems / 25) },
  });

export const options = {
  'GET /api/cases/assignable-users': () =>
    json(200, {
      data: [BEN],
      pagination: { page: 1, pageSize: 50, totalItems: 1, totalPages: 1 },
    }),
  'GET /api/groups': () =>
    json(200, { data: [GROUP], pagination: { page: 1, pageSize: 100, totalItems: 1, totalPages: 1 } }),
  'GET /api/tags': () =>
    json(200, { data: [TAG], pagination: { page: 1, pageSize: 500, totalItems: 1, totalPages: 1 } }),
};
