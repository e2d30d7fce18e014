import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsForRole, type Role } from '@scamtrail/domain/permissions';
import type { Principal } from '../modules/auth/principal';
import { buildTestApp, createTestUser, type TestApp } from '../../test/helpers';
import { cases, groupMembers, groups } from './schema/index';
import { isCaseVisible, visibleCaseCondition } from './case-visibility';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function userPrincipal(role: Role): Promise<Principal> {
  const user = await createTestUser(t, role);
  return {
    kind: 'user',
    userId: user.id,
    sessionId: crypto.randomUUID(),
    originatorId: user.originatorId,
    role,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    permissions: permissionsForRole(role),
  };
}

async function visibleTitles(principal: Principal | null): Promise<string[]> {
  const rows = await t.database.db
    .select({ title: cases.title })
    .from(cases)
    .where(visibleCaseCondition(principal))
    .orderBy(cases.title);
  return rows.map((r) => r.title);
}

describe('case visibility', () => {
  let member: Principal;
  let outsider: Principal;
  let administrator: Principal;
  let ids: Record<string, string>;

  beforeAll(async () => {
    const db = t.database.db;
    member = await userPrincipal('investigator');
    outsider = await userPrincipal('investigator');
    administrator = await userPrincipal('admin');
    const [alpha, beta] = await db
      .insert(groups)
      .values([{ name: 'Alpha' }, { name: 'Beta' }])
      .returning();
    await db
      .insert(groupMembers)
      .values({ groupId: alpha.id, userId: member.kind === 'user' ? member.userId : '' });
    const rows = await db
      .insert(cases)
      .values([
        { title: 'alpha case', groupId: alpha.id, originatorId: member.originatorId },
        { title: 'beta case', groupId: beta.id, originatorId: member.originatorId },
        { title: 'open case', groupId: null, originatorId: member.originatorId },
      ])
      .returning();
    ids = Object.fromEntries(rows.map((r) => [r.title, r.id]));
  });

  it('a member sees the cases of their groups and cases with no group', async () => {
    expect(await visibleTitles(member)).toEqual(['alpha case', 'open case']);
  });

  it("an investigator cannot see another group's cases", async () => {
    expect(await visibleTitles(outsider)).toEqual(['open case']);
    expect(await isCaseVisible(t.database.db, outsider, ids['alpha case'])).toBe(false);
    expect(await isCaseVisible(t.database.db, outsider, ids['open case'])).toBe(true);
  });

  it('an administrator sees every case', async () => {
    expect(await visibleTitles(administrator)).toEqual(['alpha case', 'beta case', 'open case']);
  });

  it('an API key sees only cases with no group; an anonymous caller sees none', async () => {
    const key: Principal = {
      kind: 'api_key',
      apiKeyId: crypto.randomUUID(),
      originatorId: member.originatorId,
      creatorUserId: member.kind === 'user' ? member.userId : '',
      permissions: ['case.view'],
      ownsAutomationRecords: false,
    };
    expect(await visibleTitles(key)).toEqual(['open case']);
    expect(await visibleTitles(null)).toEqual([]);
  });
});
