import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostAddresses } from '../../lib/special-addresses';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import {
  automationWithKey,
  createAutomationVia,
  createKeyVia,
  unique,
} from '../../../test/originator-helpers';

/** The test's DNS: these names resolve, every other one does not. */
const DNS: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34', '2606:2800:220:1::248'],
  'intranet.example.com': ['93.184.216.34', '10.0.0.7'],
  'nat64.example.com': ['64:ff9b::7f00:1'],
};
const resolveHost = async (host: string) => {
  if (!DNS[host]) throw new Error(`ENOTFOUND ${host}`);
  return DNS[host];
};

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await buildTestApp({}, { resolveHost });
  admin = (await signedIn(t, 'admin')).client;
});
afterAll(async () => {
  await t.close();
});

describe('automations', () => {
  it('creates, lists with search, shows with its keys, updates and deactivates', async () => {
    const name = unique('Phish Feed');
    const created = await admin.post('/api/automations', {
      systemName: name,
      description: 'Imports phishing reports',
      webhookUrl: 'https://93.184.216.34/hooks/scamtrail',
    });
    expect(created.statusCode).toBe(201);
    const automation = created.json();
    expect(automation).toMatchObject({
      type: 'automation',
      name,
      displayName: `${name} (Automation)`,
      systemName: name,
      description: 'Imports phishing reports',
      webhookUrl: 'https://93.184.216.34/hooks/scamtrail',
      active: true,
      lastTriggered: null,
      teamMember: null,
      communityMember: null,
    });
    const list = (await admin.get(`/api/automations?search=${name.toLowerCase()}`)).json();
    expect(list.data.map((a: { id: string }) => a.id)).toEqual([automation.id]);
    const sameList = (await admin.get(`/api/originators/automations?search=${name}`)).json();
    expect(sameList.data).toEqual(list.data);

    await createKeyVia(admin, automation.id, ['tag.view']);
    const detail = (await admin.get(`/api/automations/${automation.id}`)).json();
    expect(detail.apiKeys).toHaveLength(1);
    expect(detail.apiKeys[0]).not.toHaveProperty('secretHash');

    const patched = await admin.patch(`/api/automations/${automation.id}`, {
      description: 'v2',
      webhookUrl: null,
    });
    expect(patched.json()).toMatchObject({ description: 'v2', webhookUrl: null });
    const off = await admin.post(`/api/originators/automations/${automation.id}/deactivate`);
    expect(off.json().active).toBe(false);
    expect((await admin.get(`/api/automations?search=${name}&status=inactive`)).json().data).toHaveLength(1);
  });

  it('refuses a second automation with the same system name in another case', async () => {
    const first = await createAutomationVia(admin);
    const res = await admin.post('/api/automations', { systemName: first.systemName.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details.fields[0].field).toBe('systemName');
  });

  it.each([
    'http://localhost:9000/hook',
    'http://127.0.0.1/hook',
    'http://10.0.0.5/hook',
    'http://172.20.1.1/hook',
    'http://192.168.1.10/hook',
    'http://169.254.169.254/latest',
    'http://100.64.1.1/hook',
    'http://0.0.0.0/hook',
    'http://[::1]/hook',
    'http://[fd00::1]/hook',
    'http://[fe80::1]/hook',
    'http://[::ffff:10.0.0.1]/hook',
    'http://[::127.0.0.1]/hook',
    'http://[64:ff9b::127.0.0.1]/hook',
    'http://[2002:7f00:1::]/hook',
    'http://192.0.2.1/hook',
    'https://intranet.example.com/hook',
    'https://nat64.example.com/hook',
  ])('refuses the webhook URL %s naming webhookUrl, and saves nothing', async (webhookUrl) => {
    const systemName = unique('Hooked');
    const res = await admin.post('/api/automations', { systemName, webhookUrl });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([
      { field: 'webhookUrl', message: expect.stringContaining('private, loopback or link-local') },
    ]);
    expect((await admin.get(`/api/automations?search=${systemName}`)).json().data).toEqual([]);
  });

  it("refuses the server's own interface addresses, not only loopback", async () => {
    const own = [...hostAddresses()].filter((a) => a !== '127.0.0.1' && a !== '::1');
    for (const address of own) {
      const host = address.includes(':') ? `[${address}]` : address;
      const res = await admin.post('/api/automations', {
        systemName: unique('Self'),
        webhookUrl: `http://${host}:3000/hook`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields[0].field).toBe('webhookUrl');
    }
  });

  it('refuses a webhook host name that does not resolve, saying so', async () => {
    const res = await admin.post('/api/automations', {
      systemName: unique('Nowhere'),
      webhookUrl: 'http://localhost.localdomain/hook',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([
      {
        field: 'webhookUrl',
        message: 'Webhook URL host localhost.localdomain does not resolve to any address',
      },
    ]);
  });

  it('accepts a webhook host name whose every address is public', async () => {
    const res = await admin.post('/api/automations', {
      systemName: unique('Public hook'),
      webhookUrl: 'https://hooks.example.com/scamtrail',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().webhookUrl).toBe('https://hooks.example.com/scamtrail');
  });

  it('refuses a private webhook URL on update too', async () => {
    const automation = await createAutomationVia(admin);
    const res = await admin.patch(`/api/automations/${automation.id}`, {
      webhookUrl: 'http://192.168.0.1/x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe('webhookUrl');
  });

  it.each([
    [{ systemName: 'x', webhookUrl: 'ftp://93.184.216.34/x' }, 'webhookUrl'],
    [{ systemName: 'x', webhookUrl: 'javascript:alert(1)' }, 'webhookUrl'],
    [{ systemName: 'x', webhookUrl: 'not a url' }, 'webhookUrl'],
    [{ systemName: '' }, 'systemName'],
    [{ systemName: 'x', active: 'yes' }, 'active'],
    [{ systemName: 'x', description: 'd'.repeat(2001) }, 'description'],
  ])('refuses %j naming %s', async (body, field) => {
    const res = await admin.post('/api/automations', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe(field);
  });

  it('allows private webhook targets when the operator allows them', async () => {
    const open = await buildTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: 'true' });
    try {
      const { client } = await signedIn(open, 'admin');
      const res = await client.post('/api/automations', {
        systemName: 'Local',
        webhookUrl: 'http://localhost:9000/h',
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await open.close();
    }
  });

  it('a viewer can list automations but cannot create one', async () => {
    const { client } = await signedIn(t, 'viewer');
    expect((await client.get('/api/automations')).statusCode).toBe(200);
    expect((await client.post('/api/automations', { systemName: unique('v') })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown automation and for an originator of another kind', async () => {
    const { user } = await signedIn(t, 'viewer');
    expect((await admin.get(`/api/automations/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/automations/${user.originatorId}`)).statusCode).toBe(404);
    expect(
      (await admin.patch(`/api/automations/${user.originatorId}`, { description: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('an API key acts for its own automation only', () => {
  it("an automation's key cannot change, reactivate or deactivate another automation", async () => {
    const { caller } = await automationWithKey(t, admin, ['automation.edit', 'automation.view']);
    const other = await createAutomationVia(admin);
    await admin.post(`/api/automations/${other.id}/deactivate`, {});

    const hijack = await caller.patch(`/api/automations/${other.id}`, {
      active: true,
      webhookUrl: 'https://93.184.216.34/hook',
    });
    expect(hijack.statusCode).toBe(403);
    const viaOriginators = await caller.patch(`/api/originators/automations/${other.id}`, { active: true });
    expect(viaOriginators.statusCode).toBe(403);
    expect((await caller.post(`/api/automations/${other.id}/deactivate`, {})).statusCode).toBe(403);
    const after = (await admin.get(`/api/automations/${other.id}`)).json();
    expect(after).toMatchObject({ active: false, webhookUrl: null });
  });

  it('a key may still update its own automation', async () => {
    const { caller, automation } = await automationWithKey(t, admin, ['automation.edit']);
    const res = await caller.patch(`/api/automations/${automation.id}`, { description: 'self-managed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().description).toBe('self-managed');
  });
});

describe('the webhook URL, in full only for who may change the automation', () => {
  const FULL = 'https://hooks.example.com:8443/in/s3cr3t-token?key=k3y';
  const ORIGIN = 'https://hooks.example.com:8443';

  /**
   * Every answer of the API that names the automation's webhook URL, read by `caller`; with
   * `keyOfAnother`, only those a key may read of an automation not its own (the lists and
   * GET /api/originators/{id}: the automation's own routes refuse it).
   */
  async function urlsSeenBy(caller: Client, id: string, systemName: string, keyOfAnother = false) {
    const read = async (path: string) => {
      const res = await caller.get(path);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      return res.json();
    };
    const inList = (page: { data: { id: string; webhookUrl: string | null }[] }) =>
      page.data.find((o) => o.id === id)?.webhookUrl;
    const search = encodeURIComponent(systemName);
    const anyCaller = [
      inList(await read(`/api/automations?search=${search}`)),
      inList(await read(`/api/originators/automations?search=${search}`)),
      inList(await read(`/api/originators?type=automation&search=${search}`)),
      (await read(`/api/originators/${id}`)).webhookUrl,
    ];
    if (keyOfAnother) return anyCaller;
    return [
      ...anyCaller,
      (await read(`/api/automations/${id}`)).webhookUrl,
      (await read(`/api/originators/automations/${id}`)).webhookUrl,
      (await read(`/api/automations/${id}/webhook`)).url,
    ];
  }

  it('an editor reads it all; a viewer only its scheme, host and port', async () => {
    const automation = await createAutomationVia(admin, { webhookUrl: FULL });
    const investigator = (await signedIn(t, 'investigator')).client;
    const viewer = (await signedIn(t, 'viewer')).client;
    expect(await urlsSeenBy(admin, automation.id, automation.systemName)).toEqual(Array(7).fill(FULL));
    expect(await urlsSeenBy(investigator, automation.id, automation.systemName)).toEqual(Array(7).fill(FULL));
    expect(await urlsSeenBy(viewer, automation.id, automation.systemName)).toEqual(Array(7).fill(ORIGIN));
  });

  it("a key that may edit reads its own automation's in full, another's only its origin", async () => {
    const { caller, automation } = await automationWithKey(t, admin, [
      'automation.view',
      'automation.edit',
      'originator.view',
    ]);
    const own = await caller.patch(`/api/automations/${automation.id}`, { webhookUrl: FULL });
    expect(own.json().webhookUrl).toBe(FULL);
    const other = await createAutomationVia(admin, { webhookUrl: FULL });
    expect(await urlsSeenBy(caller, automation.id, automation.systemName)).toEqual(Array(7).fill(FULL));
    expect(await urlsSeenBy(caller, other.id, other.systemName, true)).toEqual(Array(4).fill(ORIGIN));
    const viewOnly = (await automationWithKey(t, admin, ['automation.view', 'originator.view'])).caller;
    expect(await urlsSeenBy(viewOnly, automation.id, automation.systemName, true)).toEqual(
      Array(4).fill(ORIGIN),
    );
  });
});
