import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case } from '@scamtrail/domain/cases';
import { caseAssignees, cases, caseTags, events } from '../../db/schema/index';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { createCaseVia } from './case-test-fixtures';

let t: TestApp;
let admin: Client;
let adminId: string;
let tagId: string;
let existing: Case;

beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'admin');
  admin = signed.client;
  adminId = signed.user.id;
  tagId = (await admin.post('/api/tags', { name: 'Urgent', color: 'red' })).json().id;
  existing = await createCaseVia(admin, { title: 'Existing', assigneeIds: [adminId], tagIds: [tagId] });
});
afterAll(async () => {
  await t.close();
});

/** Rows of every table a case write touches. */
async function snapshot() {
  const db = t.database.db;
  const tables = [cases, caseAssignees, caseTags, events] as const;
  const counts = await Promise.all(
    tables.map(async (table) => (await db.select({ n: count() }).from(table))[0].n),
  );
  return { counts, existing: (await admin.get(`/api/cases/${existing.id}`)).json() };
}

function fieldsOf(body: { error: { details?: { fields?: { field: string }[] } } }): string[] {
  return body.error.details?.fields?.map((f) => f.field) ?? [];
}

const unknownId = '00000000-0000-4000-8000-000000000000';

/** The body with '$admin' replaced by the administrator's id, known only once the app runs. */
const withIds = (body: Record<string, unknown>) =>
  JSON.parse(JSON.stringify(body).replaceAll('$admin', adminId)) as Record<string, unknown>;
const long = (n: number) => 'x'.repeat(n);

const BAD_CREATES: [string, Record<string, unknown>, string[]][] = [
  ['no title', {}, ['title']],
  ['a blank title', { title: '   ' }, ['title']],
  ['a title of 201 characters', { title: long(201) }, ['title']],
  ['a null character in the title', { title: 'a\u0000b' }, ['title']],
  ['a description too long', { title: 'x', description: long(10_001) }, ['description']],
  ['an unknown priority', { title: 'x', priority: 'urgent' }, ['priority']],
  ['an unknown scam type', { title: 'x', scamType: 'lottery' }, ['scamType']],
  ['a group id that is not a UUID', { title: 'x', groupId: 'sales' }, ['groupId']],
  ['a group that does not exist', { title: 'x', groupId: unknownId }, ['groupId']],
  ['an assignee id that is not a UUID', { title: 'x', assigneeIds: ['bob'] }, ['assigneeIds.0']],
  ['an assignee who is not a user', { title: 'x', assigneeIds: ['$admin', unknownId] }, ['assigneeIds']],
  ['assignees that are not a list', { title: 'x', assigneeIds: '$admin' }, ['assigneeIds']],
  ['a tag that does not exist', { title: 'x', tagIds: [unknownId] }, ['tagIds.0']],
  ['a negative loss', { title: 'x', reportedLoss: { amount: -1, currency: 'USD' } }, ['reportedLoss.amount']],
  [
    'a loss given as text',
    { title: 'x', reportedLoss: { amount: '10', currency: 'USD' } },
    ['reportedLoss.amount'],
  ],
  [
    'a loss with 5 decimals',
    { title: 'x', reportedLoss: { amount: 1.23456, currency: 'USD' } },
    ['reportedLoss.amount'],
  ],
  [
    'an unknown currency',
    { title: 'x', reportedLoss: { amount: 10, currency: 'XYZ' } },
    ['reportedLoss.currency'],
  ],
  [
    'a missing group and a missing tag at once',
    { title: 'x', groupId: unknownId, tagIds: [unknownId] },
    ['groupId', 'tagIds.0'],
  ],
];

const BAD_PATCHES: [string, Record<string, unknown>, string[]][] = [
  ['a blank title', { title: '' }, ['title']],
  ['an unknown status', { status: 'done' }, ['status']],
  ['an unknown resolution', { status: 'closed', resolution: 'fixed', closureNotes: 'x' }, ['resolution']],
  [
    'closure notes too long',
    { status: 'closed', resolution: 'resolved', closureNotes: long(5001) },
    ['closureNotes'],
  ],
  [
    'a tag that does not exist, beside a valid change',
    { priority: 'low', tagIds: [unknownId] },
    ['tagIds.0'],
  ],
  [
    'an assignee who is not a user, beside a close',
    { status: 'in_progress', assigneeIds: [unknownId] },
    ['assigneeIds'],
  ],
  ['a group that does not exist', { groupId: unknownId }, ['groupId']],
];

describe('bad input to the cases API is a 400 naming the field, with nothing saved', () => {
  it.each(BAD_CREATES)('POST with %s', async (_label, body, fields) => {
    const before = await snapshot();
    const res = await admin.post('/api/cases', withIds(body));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(fieldsOf(res.json())).toEqual(expect.arrayContaining(fields));
    expect(await snapshot()).toEqual(before);
  });

  it.each(BAD_PATCHES)('PATCH with %s', async (_label, body, fields) => {
    const before = await snapshot();
    const res = await admin.patch(`/api/cases/${existing.id}`, withIds(body));
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldsOf(res.json())).toEqual(expect.arrayContaining(fields));
    expect(await snapshot()).toEqual(before);
  });

  it('an empty PATCH is refused', async () => {
    const res = await admin.patch(`/api/cases/${existing.id}`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Nothing to update');
  });

  it.each([
    ['status=done', 'status'],
    ['sort=title', 'sort'],
    ['direction=up', 'direction'],
    ['pageSize=1000', 'pageSize'],
    ['page=0', 'page'],
    ['assigneeId=bob', 'assigneeId'],
    ['tagId=1', 'tagId'],
    [`search=${long(201)}`, 'search'],
  ])('GET /api/cases?%s names %s', async (query, field) => {
    const res = await admin.get(`/api/cases?${query}`);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())).toContain(field);
  });

  it('a case id that is not a UUID is a 400 on every case path', async () => {
    for (const path of ['', '/related', '/identifiers', '/history']) {
      const res = await admin.get(`/api/cases/not-a-uuid${path}`);
      expect(res.statusCode, path).toBe(400);
      expect(fieldsOf(res.json())).toContain('id');
    }
  });
});
