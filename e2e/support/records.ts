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
  /** A case in `group` assigned to `member`, related to a second case through `identifier`. */
  caseItem: { id: string; number: number; title: string };
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
  const caseItem = await post<{ id: string; number: number; title: string }>(api, '/api/cases', {
    title: `Refund scam ${unique}`,
    description: 'The caller offered a refund and asked for remote access.',
    priority: 'high',
    scamType: 'tech_support',
    groupId: group.id,
    assigneeIds: [member.id],
    reportedLoss: { amount: 1250, currency: 'USD' },
  });
  const relatedCase = await post<{ id: string }>(api, '/api/cases', { title: `Fake invoice ${unique}` });
  for (const caseId of [caseItem.id, relatedCase.id]) {
    const entry = await post<{ id: string }>(api, '/api/journal-entries', {
      type: 'email',
      description: `Mail from ${displayValue}`,
      evidence: null,
      identifierIds: [row.id],
    });
    const linked = await api.post(`/api/cases/${caseId}/journal-entries`, {
      data: { journalEntryId: entry.id },
    });
    expect(linked.ok(), await linked.text()).toBe(true);
  }
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
    caseItem,
  };
}
