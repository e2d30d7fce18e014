import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, events, evidence, journalEntries, journalEntryEvidence } from '../../db/schema/index';
import { signedIn, type Client } from '../../../test/helpers';
import { automationWithKey } from '../../../test/originator-helpers';
import {
  buildEvidenceApp,
  custodyActions,
  evidenceFootprint,
  insertCase,
  insertGroup,
  pngBytes,
  upload,
  type EvidenceTestApp,
} from './evidence-test-fixtures';

let t: EvidenceTestApp;
let admin: Client;
let member: Client;
let outsider: Client;
let viewer: Client;
let groupedCaseId: string;
let openCaseId: string;
let hiddenId: string;
let openId: string;
let looseId: string;
let memberOriginatorId: string;
beforeAll(async () => {
  t = await buildEvidenceApp();
  admin = (await signedIn(t, 'admin')).client;
  const inGroup = await signedIn(t, 'investigator');
  member = inGroup.client;
  memberOriginatorId = inGroup.user.originatorId;
  outsider = (await signedIn(t, 'investigator')).client;
  viewer = (await signedIn(t, 'viewer')).client;
  const groupId = await insertGroup(t.database.db, [inGroup.user.id]);
  groupedCaseId = await insertCase(t.database.db, inGroup.user.originatorId, { groupId });
  openCaseId = await insertCase(t.database.db, inGroup.user.originatorId);
  hiddenId = (
    await upload(member, { name: 'hidden.png', bytes: pngBytes() }, { caseId: groupedCaseId })
  ).json().id;
  openId = (await upload(member, { name: 'open.png', bytes: pngBytes() }, { caseId: openCaseId })).json().id;
  looseId = (await member.post('/api/evidence', { title: 'Loose note', body: 'No case' })).json().id;
});
afterAll(async () => {
  await t.close();
});

const listIds = async (client: Client, query = '') =>
  ((await client.get(`/api/evidence${query}`)).json().data as { id: string }[]).map((e) => e.id);

describe('evidence of a case the caller may not see', () => {
  it('an investigator outside the case group gets 404 for the item, its content, custody and verification', async () => {
    const calls: InjectOptions[] = [
      { method: 'GET', url: `/api/evidence/${hiddenId}` },
      { method: 'GET', url: `/api/evidence/${hiddenId}/content` },
      { method: 'GET', url: `/api/evidence/${hiddenId}/custody` },
      { method: 'POST', url: `/api/evidence/${hiddenId}/verify` },
      { method: 'PATCH', url: `/api/evidence/${hiddenId}`, payload: { title: 'Mine now' } },
    ];
    for (const call of calls) {
      const res = await outsider.request(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(res.json().error.message).toBe('Evidence not found');
    }
    expect(await custodyActions(t.database.db, hiddenId)).toEqual(['added']);
  });

  it('an investigator outside the case group never sees it listed, even filtering by its case', async () => {
    const ids = await listIds(outsider);
    expect(ids).not.toContain(hiddenId);
    expect(ids).toEqual(expect.arrayContaining([openId, looseId]));
    const byCase = (await outsider.get(`/api/evidence?caseId=${groupedCaseId}`)).json();
    expect(byCase).toMatchObject({ data: [], pagination: { totalItems: 0 } });
  });

  it('an investigator outside the case group cannot add evidence to it: 400 naming caseId, as for a missing case', async () => {
    const before = await evidenceFootprint(t);
    const res = await upload(outsider, { name: 'x.png', bytes: pngBytes() }, { caseId: groupedCaseId });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([{ field: 'caseId', message: 'No case with this id' }]);
    expect((await outsider.patch(`/api/evidence/${openId}`, { caseId: groupedCaseId })).statusCode).toBe(400);
    expect(await evidenceFootprint(t)).toEqual(before);
  });

  it('members of the group and administrators see it', async () => {
    expect(await listIds(member)).toContain(hiddenId);
    expect(await listIds(admin)).toContain(hiddenId);
    expect((await admin.get(`/api/evidence/${hiddenId}/content`)).statusCode).toBe(200);
  });

  it('an API key sees evidence of cases without a group only', async () => {
    const { caller } = await automationWithKey(t, admin, ['evidence.view']);
    expect((await caller.get(`/api/evidence/${hiddenId}`)).statusCode).toBe(404);
    const ids = await listIds(caller);
    expect(ids).not.toContain(hiddenId);
    expect(ids).toContain(openId);
  });
});

describe('the evidence list', () => {
  it('filters by case, kind, tag and title, file name or written text, newest first', async () => {
    expect(await listIds(member, `?caseId=${openCaseId}`)).toEqual([openId]);
    expect(await listIds(member, '?kind=written')).toEqual([looseId]);
    expect(await listIds(member, '?search=HIDDEN.p')).toEqual([hiddenId]);
    // The text of written evidence is searched too.
    expect(await listIds(member, '?search=NO%20CASE')).toEqual([looseId]);
    const tagId = (await admin.post('/api/tags', { name: `tag-${randomUUID()}` })).json().id;
    await member.patch(`/api/evidence/${openId}`, { tagIds: [tagId] });
    expect(await listIds(member, `?tagId=${tagId}`)).toEqual([openId]);
    const all = await listIds(member);
    expect(all.indexOf(looseId)).toBeLessThan(all.indexOf(openId));
    expect(all.indexOf(openId)).toBeLessThan(all.indexOf(hiddenId));
  });

  it('counts the journal entries (not removed) and identifiers of each item', async () => {
    const entry = async (isNullified: boolean) => {
      const [row] = await t.database.db
        .insert(journalEntries)
        .values({
          type: 'note',
          description: 'Seen',
          caseId: openCaseId,
          originatorId: memberOriginatorId,
          isNullified,
        })
        .returning({ id: journalEntries.id });
      await t.database.db.insert(journalEntryEvidence).values({ journalEntryId: row.id, evidenceId: openId });
    };
    await entry(false);
    await entry(true);
    const item = (await member.get(`/api/evidence?caseId=${openCaseId}`)).json().data[0];
    expect(item).toMatchObject({ id: openId, journalEntryCount: 1, identifierCount: 0 });
  });

  it('pages', async () => {
    const page = (await member.get('/api/evidence?pageSize=2&page=2')).json();
    expect(page.pagination).toMatchObject({ page: 2, pageSize: 2, totalItems: 3, totalPages: 2 });
    expect(page.data).toHaveLength(1);
  });
});

describe('changing evidence', () => {
  it('a viewer can read evidence but not change it or its links', async () => {
    expect((await viewer.get(`/api/evidence/${openId}`)).statusCode).toBe(200);
    expect((await viewer.patch(`/api/evidence/${openId}`, { title: 'No' })).statusCode).toBe(403);
    expect((await viewer.post(`/api/evidence/${openId}/identifiers/${randomUUID()}`)).statusCode).toBe(403);
  });

  it('records edits and case moves in custody and the audit trail, and bumps both cases', async () => {
    const { id } = (
      await upload(member, { name: 'moved.png', bytes: pngBytes() }, { caseId: openCaseId })
    ).json();
    const stale = new Date('2020-01-01T00:00:00Z');
    await t.database.db.update(cases).set({ lastActivityAt: stale });
    const res = await member.patch(`/api/evidence/${id}`, { title: 'Renamed', caseId: groupedCaseId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Renamed', case: { id: groupedCaseId } });
    const activity = await t.database.db.select({ id: cases.id, at: cases.lastActivityAt }).from(cases);
    for (const caseId of [openCaseId, groupedCaseId]) {
      expect(activity.find((c) => c.id === caseId)!.at.getTime()).toBeGreaterThan(stale.getTime());
    }
    expect(await custodyActions(t.database.db, id)).toEqual(['added', 'edited', 'unlinked', 'linked']);
    const history = (
      await t.database.db.select().from(events).where(eq(events.subjectId, id)).orderBy(events.id)
    ).map((e) => [e.type, e.caseId, e.data]);
    expect(history).toEqual([
      ['evidence.created', openCaseId, expect.objectContaining({ before: null })],
      ['evidence.updated', groupedCaseId, { before: { title: 'moved.png' }, after: { title: 'Renamed' } }],
      ['evidence.unlinked', openCaseId, { before: { caseId: openCaseId }, after: { caseId: groupedCaseId } }],
      [
        'evidence.linked',
        groupedCaseId,
        { before: { caseId: openCaseId }, after: { caseId: groupedCaseId } },
      ],
    ]);
    const unchanged = await member.patch(`/api/evidence/${id}`, { title: 'Renamed' });
    expect(unchanged.statusCode).toBe(200);
    expect(await custodyActions(t.database.db, id)).toHaveLength(4);
  });

  it('refuses changes to evidence of an archived case, and moves into one (409)', async () => {
    const archived = await insertCase(t.database.db, memberOriginatorId, { status: 'archived' });
    expect((await member.patch(`/api/evidence/${openId}`, { caseId: archived })).statusCode).toBe(409);
    const { id } = (await member.post('/api/evidence', { title: 'Archived', body: 'Text' })).json();
    await t.database.db.update(evidence).set({ caseId: archived }).where(eq(evidence.id, id));
    expect((await member.patch(`/api/evidence/${id}`, { title: 'x' })).statusCode).toBe(409);
    expect((await member.patch(`/api/evidence/${id}`, { caseId: null })).statusCode).toBe(409);
    expect(await custodyActions(t.database.db, id)).toEqual(['added']);
  });

  it('links and unlinks identifiers, once each, in custody and counts', async () => {
    const identifier = (
      await admin.post('/api/identifiers', {
        type: 'email',
        data: { address: `x${randomUUID()}@example.com` },
      })
    ).json();
    const url = `/api/evidence/${openId}/identifiers/${identifier.id}`;
    expect((await member.post(url)).json().identifierCount).toBe(1);
    expect((await member.post(url)).json().identifierCount).toBe(1);
    expect((await member.delete(url)).json().identifierCount).toBe(0);
    expect((await member.delete(url)).statusCode).toBe(200);
    const actions = await custodyActions(t.database.db, openId);
    expect(actions.filter((a) => a === 'linked' || a === 'unlinked').slice(-2)).toEqual([
      'linked',
      'unlinked',
    ]);
    expect((await member.post(`/api/evidence/${openId}/identifiers/${randomUUID()}`)).statusCode).toBe(404);
  });
});
