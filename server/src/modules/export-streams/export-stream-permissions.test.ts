import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_TOPIC_PERMISSIONS, EXPORT_TOPICS, type ExportTopic } from '@scamtrail/domain/export-streams';
import { PERMISSIONS, type Permission } from '@scamtrail/domain/permissions';
import {
  buildTestApp,
  signedIn,
  untilEveryEventReadable,
  type Client,
  type TestApp,
} from '../../../test/helpers';
import { deviceSignedIn } from '../../../test/device-sign-in';
import { automationWithKey, createCommunityMemberVia } from '../../../test/originator-helpers';

/**
 * Reading an export stream (and TAXII, its identifiers topic) asks the permissions every other read of
 * those records asks: a topic's events reach only a reader holding `export.view` and the topic's view
 * permissions, as webhooks deliver them. Each view permission a topic needs is taken away in turn, from
 * an API key and from a device sign-in's token that hold every other one: the topics needing it vanish
 * from what they read, and only those. The stream itself names its creator and its groups only to a
 * reader holding the view permission of each.
 */

const VIEW_PERMISSIONS = PERMISSIONS.filter((p) => p.endsWith('.view'));
/** The view permissions some topic needs beside `export.view`. */
const TOPIC_VIEWS = [...new Set(Object.values(EXPORT_TOPIC_PERMISSIONS).flat())].filter(
  (p) => p !== 'export.view',
);

let t: TestApp;
let admin: Client;
let streamId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
  const stream = await admin.post('/api/export-streams', { name: 'Every topic', topics: [...EXPORT_TOPICS] });
  expect(stream.statusCode, stream.body).toBe(201);
  streamId = stream.json().id;
  // One event at least of every topic.
  const caseId = (await admin.post('/api/cases', { title: 'A case of the stream' })).json().id;
  const made = await Promise.all([
    admin.post('/api/journal-entries', { type: 'note', description: 'An entry', caseId }),
    admin.post('/api/evidence', { title: 'A statement', body: 'What they said', caseId }),
    admin.post('/api/identifiers', { type: 'email', data: { address: 'topic-scan@example.com' } }),
    admin.post('/api/tags', { name: 'topic-scan' }),
  ]);
  for (const res of made) expect(res.statusCode, res.body).toBe(201);
  await createCommunityMemberVia(admin);
  await signedIn(t, 'viewer');
});
afterAll(async () => {
  await t?.close();
});

/** The topics of every event the reader reads from the stream's start. */
async function topicsRead(reader: Client): Promise<Set<string>> {
  await untilEveryEventReadable(t);
  const topics = new Set<string>();
  let after = '';
  for (;;) {
    const res = await reader.get(`/api/export-streams/${streamId}/events?limit=1000${after}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { data: { topic: string }[]; next: string; hasMore: boolean };
    page.data.forEach((event) => topics.add(event.topic));
    after = `&after=${page.next}`;
    if (!page.hasMore) return topics;
  }
}

const needing = (permission: string): ExportTopic[] =>
  EXPORT_TOPICS.filter((topic) => EXPORT_TOPIC_PERMISSIONS[topic].includes(permission as Permission));

type Reader = (scopes: Permission[]) => Promise<Client>;
const READERS: [string, Reader][] = [
  ['an API key', async (scopes) => (await automationWithKey(t, admin, scopes)).caller],
  ["a device sign-in's token", (scopes) => deviceSignedIn(t, admin, scopes)],
];

describe.each(READERS)('%s reading a stream of every topic', (_, readerWith) => {
  it('holding every view permission, reads every topic', async () => {
    expect([...(await topicsRead(await readerWith(VIEW_PERMISSIONS)))].sort()).toEqual(
      [...EXPORT_TOPICS].sort(),
    );
  });

  it.each(TOPIC_VIEWS)('without %s, reads every topic but those needing it', async (missing) => {
    const reader = await readerWith(VIEW_PERMISSIONS.filter((p) => p !== missing));
    const expected = EXPORT_TOPICS.filter((topic) => !needing(missing).includes(topic));
    expect([...(await topicsRead(reader))].sort()).toEqual([...expected].sort());
  });

  it('reads who made the stream only holding originator.view, its groups only holding group.view', async () => {
    const creator = (await admin.get(`/api/export-streams/${streamId}`)).json().createdBy as string;
    expect(creator).toMatch(/^Admin Tester/);
    for (const [missing, field] of [
      ['originator.view', 'createdBy'],
      ['group.view', 'groups'],
    ] as const) {
      const reader = await readerWith(VIEW_PERMISSIONS.filter((p) => p !== missing));
      const one = await reader.get(`/api/export-streams/${streamId}`);
      const list = await reader.get('/api/export-streams');
      expect(one.statusCode, one.body).toBe(200);
      expect(list.statusCode, list.body).toBe(200);
      expect(one.json()).not.toHaveProperty(field);
      for (const stream of list.json().data) expect(stream).not.toHaveProperty(field);
      if (field === 'createdBy') expect(one.body + list.body).not.toContain(creator);
      // Holding it, the reader reads it.
      expect(
        (await (await readerWith(VIEW_PERMISSIONS)).get(`/api/export-streams/${streamId}`)).json(),
      ).toHaveProperty(field);
    }
  });

  it('holding export.view alone, is refused, told what each topic needs', async () => {
    const res = await (await readerWith(['export.view'])).get(`/api/export-streams/${streamId}/events`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toContain('identifiers: export.view, identifier.view');
  });

  it('reads TAXII, the identifiers topic, only holding identifier.view', async () => {
    const objects = `/taxii2/root/collections/${streamId}/objects/`;
    const without = await readerWith(VIEW_PERMISSIONS.filter((p) => p !== 'identifier.view'));
    expect((await without.get(objects)).statusCode).toBe(403);
    const res = await (await readerWith(['export.view', 'identifier.view'])).get(objects);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('topic-scan@example.com');
  });
});
