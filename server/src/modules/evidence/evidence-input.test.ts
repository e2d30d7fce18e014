import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Client } from '../../../test/helpers';
import {
  buildEvidenceApp,
  evidenceFootprint,
  insertCase,
  multipartForm,
  pngBytes,
  upload,
  type EvidenceTestApp,
} from './evidence-test-fixtures';

let t: EvidenceTestApp;
let investigator: Client;
let archivedCaseId: string;
beforeAll(async () => {
  t = await buildEvidenceApp();
  const signed = await signedIn(t, 'investigator');
  investigator = signed.client;
  archivedCaseId = await insertCase(t.database.db, signed.user.originatorId, { status: 'archived' });
});
afterAll(async () => {
  await t.close();
});

function fieldsNamed(res: LightMyRequestResponse): string[] {
  return (res.json().error.details?.fields ?? []).map((f: { field: string }) => f.field);
}

/** Sends the request, expects the status (naming the field when given) and that nothing was kept. */
async function expectRefused(send: () => Promise<LightMyRequestResponse>, status: number, field?: string) {
  const before = await evidenceFootprint(t);
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.code).toEqual(expect.any(String));
  if (field) expect(fieldsNamed(res)).toContain(field);
  expect(await evidenceFootprint(t)).toEqual(before);
  return res;
}

const png = () => ({ name: 'shot.png', bytes: pngBytes() });

describe('bad uploads answer 400 naming the field and keep nothing', () => {
  it.each([
    ['caseId is not a UUID', { caseId: 'case-42' }, 'caseId'],
    ['caseId names no case', { caseId: randomUUID() }, 'caseId'],
    ['a tag id is not a UUID', { tagIds: 'nope' }, 'tagIds.0'],
    ['a tag does not exist', { tagIds: randomUUID() }, 'tagIds.0'],
    ['the title is too long', { title: 't'.repeat(201) }, 'title'],
    ['the title holds a null character', { title: 'a\u0000b' }, 'title'],
    ['the title is given twice', { title: ['one', 'two'] }, 'title'],
    [
      'the description is longer than a form field may be',
      { description: 'd'.repeat(70_000) },
      'description',
    ],
    ['the description is too long', { description: 'd'.repeat(2001) }, 'description'],
  ])('%s', async (_label, fields, field) => {
    await expectRefused(() => upload(investigator, png(), fields), 400, field);
  });

  it('no file', async () => {
    const form = multipartForm({ title: 'No file' }, []);
    await expectRefused(
      () => investigator.request({ method: 'POST', url: '/api/evidence', ...form }),
      400,
      'file',
    );
  });

  it('a file in a part not named "file"', async () => {
    await expectRefused(() => upload(investigator, { ...png(), field: 'attachment' }), 400, 'file');
  });

  it('two files in one request', async () => {
    const form = multipartForm({}, [png(), png()]);
    await expectRefused(
      () => investigator.request({ method: 'POST', url: '/api/evidence', ...form }),
      400,
      'file',
    );
  });

  it('an empty file', async () => {
    await expectRefused(
      () => upload(investigator, { name: 'empty.txt', bytes: Buffer.alloc(0) }),
      400,
      'file',
    );
  });

  it('a multipart body without a boundary, or cut short', async () => {
    await expectRefused(
      () =>
        investigator.request({
          method: 'POST',
          url: '/api/evidence',
          headers: { 'content-type': 'multipart/form-data' },
          payload: 'garbage',
        }),
      400,
    );
    const form = multipartForm({}, [png()]);
    const cut = form.payload.subarray(0, form.payload.length - 40);
    await expectRefused(
      () =>
        investigator.request({ method: 'POST', url: '/api/evidence', headers: form.headers, payload: cut }),
      400,
    );
  });

  it('another content type', async () => {
    await expectRefused(
      () =>
        investigator.request({
          method: 'POST',
          url: '/api/evidence',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'title=x&body=y',
        }),
      415,
    );
  });
});

describe('bad written evidence answers 400 naming the field and keeps nothing', () => {
  it.each([
    ['no body', { title: 'Statement' }, 'body'],
    ['a blank body', { title: 'Statement', body: '   ' }, 'body'],
    ['no title', { body: 'text' }, 'title'],
    ['a caseId naming no case', { title: 'T', body: 'B', caseId: randomUUID() }, 'caseId'],
    ['tagIds not a list', { title: 'T', body: 'B', tagIds: 'x' }, 'tagIds'],
    ['a body over 100,000 characters', { title: 'T', body: 'b'.repeat(100_001) }, 'body'],
  ])('%s', async (_label, body, field) => {
    await expectRefused(() => investigator.post('/api/evidence', body), 400, field);
  });
});

describe('an archived case takes no evidence', () => {
  it('a file for an archived case answers 409 and keeps nothing', async () => {
    const res = await expectRefused(() => upload(investigator, png(), { caseId: archivedCaseId }), 409);
    expect(res.json().error.code).toBe('CONFLICT');
  });

  it('written evidence for an archived case answers 409', async () => {
    await expectRefused(
      () => investigator.post('/api/evidence', { title: 'T', body: 'B', caseId: archivedCaseId }),
      409,
    );
  });
});
