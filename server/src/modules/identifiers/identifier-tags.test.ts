import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { keyClient, unique } from '../../../test/originator-helpers';
import { identifierEvents, insertAutomationKey } from './identifier-test-fixtures';

let t: TestApp;
let admin: Client;
let adminOriginatorId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const a = await signedIn(t, 'admin');
  admin = a.client;
  adminOriginatorId = a.user.originatorId!;
});
afterAll(async () => {
  await t.close();
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

async function createIdentifier(prefix = 'tagged') {
  const res = await admin.post('/api/identifiers', {
    type: 'email',
    data: { address: `${unique(prefix).replace(/\W/g, '')}@example.com` },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; displayValue: string };
}

async function createTag(name = unique('Tag'), color = 'gray') {
  const res = await admin.post('/api/tags', { name, color });
  if (res.statusCode !== 201) throw new Error(`tag failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string; color: string };
}

const putTags = (client: Client, id: string, tagIds: unknown) =>
  client.put(`/api/identifiers/${id}/tags`, { tagIds });

const detailTags = async (id: string) => (await admin.get(`/api/identifiers/${id}`)).json().tags;

describe("setting an identifier's tags", () => {
  it('sets tags, answers them by name, and shows them on the detail', async () => {
    const identifier = await createIdentifier();
    const zebra = await createTag(unique('Zebra'), 'red');
    const apple = await createTag(unique('Apple'), 'teal');
    const res = await putTags(admin, identifier.id, [zebra.id, apple.id, zebra.id]);
    expect(res.statusCode).toBe(200);
    const expected = [
      { id: apple.id, name: apple.name, color: 'teal' },
      { id: zebra.id, name: zebra.name, color: 'red' },
    ];
    expect(res.json()).toEqual({ tags: expected, updatedAt: expect.any(String) });
    expect(await detailTags(identifier.id)).toEqual(expected);
  });

  it('replaces the whole set, then clears it with []', async () => {
    const identifier = await createIdentifier();
    const [one, two, three] = [await createTag(), await createTag(), await createTag()];
    await putTags(admin, identifier.id, [one.id, two.id]);
    const replaced = await putTags(admin, identifier.id, [two.id, three.id]);
    expect(replaced.statusCode).toBe(200);
    expect(
      replaced
        .json()
        .tags.map((tag: { id: string }) => tag.id)
        .sort(),
    ).toEqual([two.id, three.id].sort());
    const cleared = await putTags(admin, identifier.id, []);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ tags: [], updatedAt: expect.any(String) });
    expect(await detailTags(identifier.id)).toEqual([]);
  });

  it('keeps the history: each change is an event with the tags before and after', async () => {
    const identifier = await createIdentifier();
    const tag = await createTag();
    await putTags(admin, identifier.id, [tag.id]);
    await putTags(admin, identifier.id, [tag.id]);
    await putTags(admin, identifier.id, []);
    const events = (await identifierEvents(t.database.db, identifier.id)).filter(
      (event) => event.type === 'identifier.tags_updated',
    );
    // Setting the same tags again changed nothing, so it is not recorded.
    expect(events.map((event) => event.data)).toEqual([
      { before: [], after: [{ id: tag.id, name: tag.name }] },
      { before: [{ id: tag.id, name: tag.name }], after: [] },
    ]);
    expect(events.every((event) => event.actorOriginatorId === adminOriginatorId)).toBe(true);
  });

  it('answers 404 for an unknown identifier', async () => {
    const tag = await createTag();
    const res = await putTags(admin, UNKNOWN_ID, [tag.id]);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Identifier not found' });
  });

  it('refuses an unknown tag naming tagIds.{index} and changes nothing', async () => {
    const identifier = await createIdentifier();
    const kept = await createTag();
    await putTags(admin, identifier.id, [kept.id]);
    const res = await putTags(admin, identifier.id, [UNKNOWN_ID]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: [{ field: 'tagIds.0', message: 'No tag with this id' }] },
    });
    expect((await detailTags(identifier.id)).map((tag: { id: string }) => tag.id)).toEqual([kept.id]);
  });

  it.each([
    [['not-a-uuid'], 'tagIds.0'],
    ['a string', 'tagIds'],
    [undefined, 'tagIds'],
    [Array.from({ length: 51 }, () => crypto.randomUUID()), 'tagIds'],
  ])('refuses tagIds %j with 400 naming %s', async (tagIds, field) => {
    const identifier = await createIdentifier();
    const res = await putTags(admin, identifier.id, tagIds);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe(field);
  });

  it('answers 400 naming id for a malformed identifier id', async () => {
    const res = await putTags(admin, 'not-a-uuid', []);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe('id');
  });
});

describe('who may tag an identifier', () => {
  it('a viewer cannot change the tags of an identifier', async () => {
    const identifier = await createIdentifier();
    const tag = await createTag();
    const { client } = await signedIn(t, 'viewer');
    expect((await putTags(client, identifier.id, [tag.id])).statusCode).toBe(403);
    expect(await detailTags(identifier.id)).toEqual([]);
  });

  it('an investigator can change the tags of an identifier', async () => {
    const identifier = await createIdentifier();
    const tag = await createTag();
    const { client } = await signedIn(t, 'investigator');
    expect((await putTags(client, identifier.id, [tag.id])).statusCode).toBe(200);
  });

  it('an API key without identifier.edit cannot change tags; one with it can', async () => {
    const identifier = await createIdentifier();
    const tag = await createTag();
    const viewOnly = await insertAutomationKey(t.database.db, ['identifier.view']);
    expect((await putTags(keyClient(t, viewOnly.key), identifier.id, [tag.id])).statusCode).toBe(403);
    expect(await detailTags(identifier.id)).toEqual([]);

    const editor = await insertAutomationKey(t.database.db, ['identifier.edit', 'tag.view']);
    expect((await putTags(keyClient(t, editor.key), identifier.id, [tag.id])).statusCode).toBe(200);
    const [event] = (await identifierEvents(t.database.db, identifier.id)).filter(
      (e) => e.type === 'identifier.tags_updated',
    );
    expect(event.actorOriginatorId).toBe(editor.automationId);
  });
});

describe('tags across the list and the tags screen', () => {
  it('lists the tags of each row and filters the list by tag', async () => {
    const prefix = unique('listed').replace(/\W/g, '');
    const [first, second, third] = [
      await createIdentifier(prefix),
      await createIdentifier(prefix),
      await createIdentifier(prefix),
    ];
    const tag = await createTag(unique('Filter'), 'purple');
    await putTags(admin, first.id, [tag.id]);
    await putTags(admin, third.id, [tag.id]);

    const all = (await admin.get(`/api/identifiers?search=${prefix}`)).json();
    expect(all.data.map((row: { id: string; tags: unknown[] }) => [row.id, row.tags])).toEqual([
      [third.id, [{ id: tag.id, name: tag.name, color: 'purple' }]],
      [second.id, []],
      [first.id, [{ id: tag.id, name: tag.name, color: 'purple' }]],
    ]);

    const filtered = (await admin.get(`/api/identifiers?tag=${tag.id}`)).json();
    expect(filtered.data.map((row: { id: string }) => row.id)).toEqual([third.id, first.id]);
    expect(filtered.pagination.totalItems).toBe(2);
    const both = (await admin.get(`/api/identifiers?tag=${tag.id}&search=${prefix}&type=phone`)).json();
    expect(both.data).toEqual([]);
    expect((await admin.get(`/api/identifiers?tag=${UNKNOWN_ID}`)).json().data).toEqual([]);
    const bad = await admin.get('/api/identifiers?tag=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].field).toBe('tag');
  });

  it('a tag an identifier carries cannot be deleted until it is removed from it', async () => {
    const identifier = await createIdentifier();
    const tag = await createTag();
    await putTags(admin, identifier.id, [tag.id]);
    expect((await admin.get(`/api/tags/${tag.id}`)).json().usage).toMatchObject({ identifiers: 1 });
    const refused = await admin.delete(`/api/tags/${tag.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'IN_USE',
      message: 'Tag is in use by 1 identifier; remove it from them first',
    });
    await putTags(admin, identifier.id, []);
    expect((await admin.delete(`/api/tags/${tag.id}`)).statusCode).toBe(204);
    // A deleted tag can no longer be put on an identifier.
    const res = await putTags(admin, identifier.id, [tag.id]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe('tagIds.0');
  });
});
