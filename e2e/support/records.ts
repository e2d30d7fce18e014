import { randomBytes } from 'node:crypto';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { apiAs, createAccount, expect, type Account } from './fixtures';

/** One record of each kind a screen or dialog shows, created through the API for one test file. */
export interface Records {
  admin: Account;
  /** A team member in `group`, so their page shows a group tag. */
  member: Account & { fullName: string };
  identifier: { id: string; displayValue: string };
  group: { id: string; name: string };
  automation: { id: string; name: string };
  apiKeyName: string;
  tagName: string;
  communityMember: { id: string; username: string };
}

async function created<T>(response: Promise<APIResponse>): Promise<T> {
  const res = await response;
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

async function post<T>(api: APIRequestContext, url: string, data: object): Promise<T> {
  return created<T>(api.post(url, { data }));
}

/** Creates an admin and, as them, a record of every kind, with unique names. */
export async function createRecords(): Promise<Records> {
  const unique = randomBytes(4).toString('hex');
  const admin = await createAccount('admin');
  const member = await createAccount('investigator', { firstName: 'Ada', lastName: `Member ${unique}` });
  const api = await apiAs(admin.email, admin.password);

  const displayValue = `a11y-${unique}@example.org`;
  const imported = await api.post('/api/identifiers/import', {
    data: { items: [{ type: 'email', data: { address: displayValue } }] },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const [row] = ((await imported.json()) as { data: { id: string }[] }).data;

  const group = await post<{ id: string; name: string }>(api, '/api/groups', {
    name: `Fraud desk ${unique}`,
    description: 'Checks reported payment scams',
    userIds: [member.id],
  });
  const automation = await post<{ id: string; name: string }>(api, '/api/automations', {
    systemName: `Inbox scanner ${unique}`,
    description: 'Reads the abuse inbox',
  });
  const apiKeyName = `reader ${unique}`;
  await post(api, `/api/automations/${automation.id}/api-keys`, {
    name: apiKeyName,
    scopes: ['tag.view'],
    expiresAt: null,
  });
  const tagName = `phishing-${unique}`;
  await post(api, '/api/tags', { name: tagName, color: 'purple' });
  const communityMember = await post<{ id: string; name: string }>(
    api,
    '/api/originators/community-members',
    { username: `reporter_${unique}`, reputation: 60 },
  );
  await api.dispose();

  return {
    admin,
    member: { ...member, fullName: `${member.firstName} ${member.lastName}` },
    identifier: { id: row.id, displayValue },
    group,
    automation,
    apiKeyName,
    tagName,
    communityMember: { id: communityMember.id, username: `reporter_${unique}` },
  };
}
