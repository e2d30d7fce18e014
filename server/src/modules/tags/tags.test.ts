import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseTags, cases, evidence, evidenceTags, groups, identifiers } from '../../db/schema/index';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { automationWithKey, unique } from '../../../test/originator-helpers';
import { findTagsForIdentifiers, setIdentifierTags } from './tags.repository';
import { replaceIdentifierTags } from './tags.service';

let t: TestApp;
let admin: Client;
let originatorId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'admin');
  admin = signed.client;
  originatorId = signed.user.originatorId;
});
afterAll(async () => {
  await t.close();
});

async function createTag(body: Record<string, unknown> = {}) {
  const res = await admin.post('/api/tags', { name: unique('tag'), ...body });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function createIdentifier() {
  const [row] = await t.database.db
    .insert(identifiers)
    .values({
      type: 'email',
      data: { address: 'x@example.com' },
      displayValue: 'x@example.com',
      normalizedKey: `${unique('id')}@example.com`,
      originatorId,
    })
    .returning();
  return row.id;
}

describe('tags', () => {
  it('creates with gray by default, lists with search and usage counts', async () => {
    const name = unique('Crypto Romance');
    const tag = await createTag({ name, description: 'Pig butchering' });
    expect(tag).toMatchObject({
      name,
      color: 'gray',
      description: 'Pig butchering',
      usage: { cases: 0, evidence: 0, identifiers: 0, total: 0 },
    });
    const identifierId = await createIdentifier();
    await setIdentifierTags(t.database.db, identifierId, [tag.id]);
    const list = (await admin.get(`/api/tags?search=${name.toLowerCase()}`)).json();
    expect(list.data).toEqual([
      expect.objectContaining({ id: tag.id, usage: expect.objectContaining({ identifiers: 1, total: 1 }) }),
    ]);
  });

  it('renames, recolours and describes', async () => {
    const tag = await createTag();
    const res = await admin.patch(`/api/tags/${tag.id}`, {
      name: unique('Renamed'),
      color: 'cool-gray',
      description: 'd',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ color: 'cool-gray', description: 'd' });
    expect((await admin.get(`/api/tags/${tag.id}`)).json().color).toBe('cool-gray');
  });

  it('refuses a name taken in another case with 409 naming name', async () => {
    const first = await createTag();
    const dup = await admin.post('/api/tags', { name: first.name.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.details.fields[0].field).toBe('name');
    const second = await createTag();
    expect((await admin.patch(`/api/tags/${second.id}`, { name: first.name })).statusCode).toBe(409);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(51) }, 'name'],
    [{ name: 'ok', color: 'chartreuse' }, 'color'],
    [{ name: 'ok', description: 7 }, 'description'],
  ])('refuses %j naming %s and saves nothing', async (body, field) => {
    const before = (await admin.get('/api/tags')).json().pagination.totalItems;
    const res = await admin.post('/api/tags', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe(field);
    expect((await admin.get('/api/tags')).json().pagination.totalItems).toBe(before);
  });

  it('refuses an empty update and answers 404 for an unknown tag', async () => {
    const tag = await createTag();
    expect((await admin.patch(`/api/tags/${tag.id}`, {})).statusCode).toBe(400);
    expect((await admin.patch(`/api/tags/${crypto.randomUUID()}`, { color: 'red' })).statusCode).toBe(404);
    expect((await admin.delete(`/api/tags/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('refuses to delete a tag in use, saying where, and deletes it once unused', async () => {
    const tag = await createTag();
    const db = t.database.db;
    const [a, b] = [await createIdentifier(), await createIdentifier()];
    await setIdentifierTags(db, a, [tag.id]);
    await setIdentifierTags(db, b, [tag.id]);
    const [c] = await db.insert(cases).values({ title: 'c', originatorId }).returning();
    await db.insert(caseTags).values({ caseId: c.id, tagId: tag.id });
    const refused = await admin.delete(`/api/tags/${tag.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'IN_USE',
      message: 'Tag is in use by 2 identifiers and 1 case; remove it from them first',
    });
    await setIdentifierTags(db, a, []);
    await setIdentifierTags(db, b, []);
    await db.delete(caseTags);
    expect((await admin.delete(`/api/tags/${tag.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/tags/${tag.id}`)).statusCode).toBe(404);
  });

  it("a tag's usage counts only the cases and evidence the caller may see; deletion counts all", async () => {
    const tag = await createTag();
    const db = t.database.db;
    const [group] = await db
      .insert(groups)
      .values({ name: unique('Desk') })
      .returning();
    const [hidden] = await db
      .insert(cases)
      .values({ title: 'hidden', originatorId, groupId: group.id })
      .returning();
    await db.insert(caseTags).values({ caseId: hidden.id, tagId: tag.id });
    const [item] = await db
      .insert(evidence)
      .values({ title: 'hidden', body: 'x', caseId: hidden.id, originatorId })
      .returning();
    await db.insert(evidenceTags).values({ evidenceId: item.id, tagId: tag.id });
    const { client: viewer } = await signedIn(t, 'viewer');
    const { caller: key } = await automationWithKey(t, admin, ['tag.view', 'tag.delete']);
    // The viewer may view each kind but sees no grouped case; the key may view none of the kinds,
    // and is told no count at all (not 0: nothing was counted).
    const nothing = { cases: 0, evidence: 0, identifiers: 0, total: 0 };
    for (const [reader, usage] of [
      [viewer, nothing],
      [key, { total: 0 }],
    ] as const) {
      expect((await reader.get(`/api/tags/${tag.id}`)).json().usage).toEqual(usage);
      const list = (await reader.get(`/api/tags?search=${tag.name}`)).json();
      expect(list.data[0].usage).toEqual(usage);
    }
    const all = { cases: 1, evidence: 1, identifiers: 0, total: 2 };
    expect((await admin.get(`/api/tags/${tag.id}`)).json().usage).toEqual(all);
    // A key that sees no grouped case still may not delete the tag out from under one, and is told
    // only that records it may not see carry it.
    const refused = await key.delete(`/api/tags/${tag.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'IN_USE',
      message: 'Tag is in use by records you may not see; remove it from them first',
      details: { usage: { total: 0 } },
    });
    const identifier = await createIdentifier();
    await setIdentifierTags(db, identifier, [tag.id]);
    const { caller: identifierKey } = await automationWithKey(t, admin, [
      'tag.view',
      'tag.delete',
      'identifier.view',
    ]);
    expect((await identifierKey.delete(`/api/tags/${tag.id}`)).json().error.message).toBe(
      'Tag is in use by 1 identifier, and by records you may not see; remove it from them first',
    );
  });

  it('a viewer cannot create a tag', async () => {
    const { client } = await signedIn(t, 'viewer');
    expect((await client.get('/api/tags')).statusCode).toBe(200);
    expect((await client.post('/api/tags', { name: unique('v') })).statusCode).toBe(403);
  });

  it('an investigator cannot edit or delete a tag', async () => {
    const tag = await createTag();
    const { client } = await signedIn(t, 'investigator');
    expect((await client.patch(`/api/tags/${tag.id}`, { color: 'red' })).statusCode).toBe(403);
    expect((await client.delete(`/api/tags/${tag.id}`)).statusCode).toBe(403);
  });
});

describe('identifier tag helpers', () => {
  it('sets, replaces and reads the tags of identifiers in one query', async () => {
    const [x, y, z] = [
      await createTag({ name: unique('b') }),
      await createTag({ name: unique('a') }),
      await createTag(),
    ];
    const [one, two] = [await createIdentifier(), await createIdentifier()];
    const db = t.database.db;
    await setIdentifierTags(db, one, [x.id, y.id, x.id]);
    await setIdentifierTags(db, one, [y.id, z.id]);
    const tags = await findTagsForIdentifiers(db, [one, two]);
    expect(
      tags
        .get(one)
        ?.map((tag) => tag.id)
        .sort(),
    ).toEqual([y.id, z.id].sort());
    expect(tags.get(two)).toEqual([]);
  });

  it('refuses unknown tag ids naming their position', async () => {
    const tag = await createTag();
    const identifierId = await createIdentifier();
    await expect(
      replaceIdentifierTags(t.database.db, identifierId, [tag.id, crypto.randomUUID()]),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: [{ field: 'tagIds.1', message: 'No tag with this id' }] },
    });
    expect((await findTagsForIdentifiers(t.database.db, [identifierId])).get(identifierId)).toEqual([]);
  });
});
