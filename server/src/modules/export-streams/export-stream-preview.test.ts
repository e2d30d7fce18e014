import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  signedIn,
  untilEveryEventReadable,
  type Client,
  type TestApp,
} from '../../../test/helpers';
import { automationWithKey, unique } from '../../../test/originator-helpers';

/**
 * The web's preview of a stream names its events' subjects as the History names records: a case the
 * caller may see as "#12 Its title", none for one they may not. The events themselves are the readers'
 * answer, ids only, and previewing never counts as a read.
 */

let t: TestApp;
let admin: Client;
let streamId: string;
let openCase: { id: string; number: number };
let groupedCase: { id: string; number: number };
let tagId: string;

interface Preview {
  data: { subject: { type: string; id: string } }[];
  next: string;
  hasMore: boolean;
  names: Record<string, string>;
}

async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> {
  const answer = await res;
  if (answer.statusCode >= 300) throw new Error(`${answer.statusCode} ${answer.body}`);
  return answer.json() as T;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
  const groupId = (await ok<{ id: string }>(admin.post('/api/groups', { name: unique('Preview desk') }))).id;
  streamId = (
    await ok<{ id: string }>(
      admin.post('/api/export-streams', {
        name: unique('Preview'),
        topics: ['cases', 'organisation'],
        groupIds: [groupId],
      }),
    )
  ).id;
  openCase = await ok(admin.post('/api/cases', { title: 'Fake invoice' }));
  groupedCase = await ok(admin.post('/api/cases', { title: 'Secret lead', groupId }));
  tagId = (await ok<{ id: string }>(admin.post('/api/tags', { name: 'preview-tag' }))).id;
  await untilEveryEventReadable(t);
});
afterAll(async () => {
  await t?.close();
});

const preview = (client: Client) =>
  ok<Preview>(client.get(`/api/export-streams/${streamId}/preview?limit=50`));

describe('an export stream’s preview', () => {
  it('names every subject for an administrator, from the same events a reader gets', async () => {
    const page = await preview(admin);
    const read = await ok<Omit<Preview, 'names'>>(
      admin.get(`/api/export-streams/${streamId}/events?limit=50`),
    );
    expect(page.data).toEqual(read.data);
    expect(page.next).toBe(read.next);
    // The readers' answer itself stays as documented: no names.
    expect(read).not.toHaveProperty('names');
    expect(page.names[openCase.id]).toBe(`#${openCase.number} Fake invoice`);
    expect(page.names[groupedCase.id]).toBe(`#${groupedCase.number} Secret lead`);
    expect(page.names[tagId]).toBe('preview-tag');
  });

  it('names only the records the caller may see, and is not a read', async () => {
    // An API key sees the cases of no group only, though the stream carries the group's.
    const { caller } = await automationWithKey(t, admin, [
      'export.view',
      'case.view',
      'tag.view',
      'group.view',
      'originator.view',
    ]);
    const page = await preview(caller);
    const subjects = page.data.map((event) => event.subject.id);
    expect(subjects).toContain(groupedCase.id);
    expect(page.names[openCase.id]).toBe(`#${openCase.number} Fake invoice`);
    expect(page.names).not.toHaveProperty(groupedCase.id);
    expect(JSON.stringify(page.names)).not.toContain('Secret lead');
    const stream = await ok<{ lastReadAt: string | null }>(admin.get(`/api/export-streams/${streamId}`));
    expect(stream.lastReadAt).toBeNull();
  });
});
