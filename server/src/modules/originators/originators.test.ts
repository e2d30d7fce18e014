import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOriginatorSummaries } from './originators.repository';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import {
  automationWithKey,
  createAutomationVia,
  createCommunityMemberVia,
  unique,
} from '../../../test/originator-helpers';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
});
afterAll(async () => {
  await t.close();
});

function createCommunityMember(body: Record<string, unknown> = {}) {
  return createCommunityMemberVia(admin, body);
}

describe('originator search', () => {
  it('finds every kind by a case-insensitive substring of its name, optionally of one type', async () => {
    const word = unique('Quokka');
    const member = await createCommunityMember({ username: `${word}-reporter` });
    const automation = await createAutomationVia(admin, { systemName: `${word} Scanner` });
    const res = await admin.get(`/api/originators?search=${word.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination.totalItems).toBe(2);
    expect(
      res
        .json()
        .data.map((o: { displayName: string }) => o.displayName)
        .sort(),
    ).toEqual([`${word} Scanner (Automation)`, `${word}-reporter (Community)`]);
    const onlyAutomations = (await admin.get(`/api/originators?search=${word}&type=automation`)).json();
    expect(onlyAutomations.data.map((o: { id: string }) => o.id)).toEqual([automation.id]);
    expect(member.type).toBe('community_member');
  });

  it('finds team members by "First Last"', async () => {
    const { user } = await signedIn(t, 'investigator');
    const res = await admin.get(
      `/api/originators?search=${encodeURIComponent(`${user.firstName} ${user.lastName}`)}`,
    );
    expect(res.json().data).toEqual([
      expect.objectContaining({
        id: user.originatorId,
        type: 'team_member',
        displayName: `${user.firstName} ${user.lastName} (Team)`,
        teamMember: expect.objectContaining({ userId: user.id, email: user.email, role: 'investigator' }),
      }),
    ]);
  });

  it('takes % and _ in the search literally', async () => {
    await createCommunityMember({ username: unique('plain') });
    const res = await admin.get('/api/originators?search=%25');
    expect(res.json().data).toEqual([]);
  });

  it('names the bad query parameter', async () => {
    const res = await admin.get('/api/originators?type=robot');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe('type');
    const page = await admin.get('/api/originators?page=0');
    expect(page.json().error.details.fields[0].field).toBe('page');
    const search = await admin.get(`/api/originators?search=${'x'.repeat(201)}`);
    expect(search.json().error.details.fields[0].field).toBe('search');
  });

  it('looks up one originator with the fields of its kind, checking the type when given', async () => {
    const member = await createCommunityMember({
      email: 'tipster@example.com',
      notes: 'Reliable',
      reputation: 55,
    });
    const ok = await admin.get(`/api/originators/${member.id}?type=community_member`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      id: member.id,
      name: member.name,
      active: true,
      teamMember: null,
      communityMember: {
        username: member.name,
        email: 'tipster@example.com',
        reputation: 55,
        notes: 'Reliable',
      },
      systemName: null,
    });
    expect((await admin.get(`/api/originators/${member.id}?type=automation`)).statusCode).toBe(404);
    expect((await admin.get(`/api/originators/${crypto.randomUUID()}`)).statusCode).toBe(404);
    const bad = await admin.get('/api/originators/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].field).toBe('id');
  });

  it('an API key without community_member.view sees no community members', async () => {
    const member = await createCommunityMember();
    const { caller } = await automationWithKey(t, admin, ['originator.view']);
    const all = (await caller.get(`/api/originators?search=${member.name}`)).json();
    expect(all.data).toEqual([]);
    const byType = await caller.get('/api/originators?type=community_member');
    expect(byType.statusCode).toBe(403);
    expect(byType.json().error.details.fields).toEqual([
      expect.objectContaining({ field: 'type', permission: 'community_member.view' }),
    ]);
    expect((await caller.get(`/api/originators/${member.id}`)).statusCode).toBe(403);
  });

  it("a viewer sees team members' names but not their e-mails or roles", async () => {
    const { user } = await signedIn(t, 'investigator');
    const { client: viewer } = await signedIn(t, 'viewer');
    const lookups = [
      `/api/originators/${user.originatorId}`,
      `/api/originators?search=${encodeURIComponent(user.lastName)}`,
      `/api/originators/team-members?search=${encodeURIComponent(user.lastName)}`,
    ];
    for (const url of lookups) {
      const res = await viewer.get(url);
      expect(res.statusCode, url).toBe(200);
      const body = res.json();
      const originator = 'data' in body ? body.data[0] : body;
      expect(originator.name).toBe(`${user.firstName} ${user.lastName}`);
      expect(originator.teamMember).toMatchObject({ firstName: user.firstName, status: 'active' });
      expect(originator.teamMember).not.toHaveProperty('email');
      expect(originator.teamMember).not.toHaveProperty('role');
      expect(res.body).not.toContain(user.email);
    }
    // team_member.view (administrators) shows them.
    const full = (await admin.get(`/api/originators/${user.originatorId}`)).json();
    expect(full.teamMember).toMatchObject({ email: user.email, role: 'investigator' });
  });

  it('an anonymous caller cannot search originators', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/originators' })).statusCode).toBe(401);
  });
});

describe('originator summaries for other records', () => {
  it('resolves every kind in one call, skipping unknown and empty ids', async () => {
    const { user } = await signedIn(t, 'viewer');
    const member = await createCommunityMember();
    const automation = await createAutomationVia(admin);
    const unknown = crypto.randomUUID();
    const map = await findOriginatorSummaries(t.database.db, [
      user.originatorId,
      member.id,
      automation.id,
      unknown,
      null,
      member.id,
    ]);
    expect(map.size).toBe(3);
    expect(map.get(user.originatorId)).toEqual({
      id: user.originatorId,
      type: 'team_member',
      name: `${user.firstName} ${user.lastName}`,
      displayName: `${user.firstName} ${user.lastName} (Team)`,
    });
    expect(map.get(member.id)?.displayName).toBe(`${member.name} (Community)`);
    expect(map.get(automation.id)?.displayName).toBe(`${automation.systemName} (Automation)`);
    expect(map.has(unknown)).toBe(false);
  });
});

describe('API documentation', () => {
  it('documents every originator, automation, team-member, group and tag route with a summary', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const ours = Object.entries(
      doc.paths as Record<string, Record<string, { summary?: string; tags?: string[] }>>,
    )
      .filter(([path]) => /^\/api\/(originators|automations|team-members|groups|tags)/.test(path))
      .flatMap(([, ops]) => Object.values(ops));
    expect(ours.length).toBeGreaterThan(30);
    for (const op of ours) {
      expect(op.summary).toBeTruthy();
      expect(op.tags?.length).toBeGreaterThan(0);
    }
  });
});
