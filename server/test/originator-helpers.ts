import { randomBytes } from 'node:crypto';
import type { Originator } from '@scamtrail/domain/originators';
import type { Permission } from '@scamtrail/domain/permissions';
import { clientWithHeaders, type Client, type TestApp } from './helpers';

function unique(prefix: string): string {
  return `${prefix}-${randomBytes(3).toString('hex')}`;
}

/** Creates a community member through the API; fails the test on anything but 201. */
export async function createCommunityMemberVia(client: Client, body: Record<string, unknown> = {}) {
  const res = await client.post('/api/originators/community-members', {
    username: unique('reporter'),
    ...body,
  });
  if (res.statusCode !== 201)
    throw new Error(`community member create failed: ${res.statusCode} ${res.body}`);
  return res.json() as Originator;
}

/** Creates an automation through the API; fails the test on anything but 201. */
export async function createAutomationVia(client: Client, body: Record<string, unknown> = {}) {
  const res = await client.post('/api/automations', { systemName: unique('Scanner'), ...body });
  if (res.statusCode !== 201) throw new Error(`automation create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; systemName: string; active: boolean };
}

/** Creates a key for the automation; answers the secret and the key record. */
export async function createKeyVia(
  client: Client,
  automationId: string,
  scopes: Permission[],
  extra: Record<string, unknown> = {},
) {
  const res = await client.post(`/api/automations/${automationId}/api-keys`, {
    name: unique('key'),
    scopes,
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`key create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { key: string; apiKey: { id: string; prefix: string; status: string } };
}

/** A caller authenticated by `Authorization: Bearer <key>` and no cookie. */
export function keyClient(t: TestApp, key: string): Client {
  return clientWithHeaders(t.app, { authorization: `Bearer ${key}` });
}

/** An automation and a key with the given scopes, created by `client` (an administrator). */
export async function automationWithKey(t: TestApp, client: Client, scopes: Permission[]) {
  const automation = await createAutomationVia(client);
  const { key, apiKey } = await createKeyVia(client, automation.id, scopes);
  return { automation, key, apiKey, caller: keyClient(t, key) };
}

export { unique };
