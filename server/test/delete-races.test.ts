import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaseVia } from '../src/modules/cases/case-test-fixtures';
import { buildTestApp, signedIn, type Client, type TestApp } from './helpers';

/**
 * A shared record deleted while others link to it, tag it or edit it, all at once: each request
 * answers what it would have answered alone, before or after the delete (never a foreign-key
 * violation as 500, never a deadlock as 503), and nothing is left naming what was deleted. On
 * PostgreSQL the requests truly overlap; PGlite runs one transaction at a time.
 */

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
const unique = () => `${Date.now().toString(36)}-${(serial += 1)}`;

function created(res: LightMyRequestResponse): string {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** The answers that are not among those allowed, as "what: status body". */
function unexpected(answers: [string, LightMyRequestResponse, number[]][]): string[] {
  return answers.flatMap(([what, res, allowed]) =>
    allowed.includes(res.statusCode) ? [] : [`${what}: ${res.statusCode} ${res.body}`],
  );
}

const ROUNDS = 10;

describe('deletes racing the writers of what they delete', () => {
  it('an identifier deleted while entries and evidence link it', async () => {
    const wrong: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const caseId = (await createCaseVia(admin)).id;
      const identifierId = created(
        await admin.post('/api/identifiers', { type: 'email', data: { address: `${unique()}@example.com` } }),
      );
      const entryId = created(
        await admin.post('/api/journal-entries', { type: 'note', description: 'x', caseId }),
      );
      const evidenceIds = [
        created(await admin.post('/api/evidence', { title: 'Chat', body: `a ${unique()}`, caseId })),
        created(await admin.post('/api/evidence', { title: 'Chat', body: `b ${unique()}`, caseId })),
      ];
      const answers = await Promise.all([
        admin.request({ method: 'DELETE', url: `/api/identifiers/${identifierId}` }),
        admin.post(`/api/journal-entries/${entryId}/identifiers/${identifierId}`, {}),
        admin.post('/api/journal-entries', {
          type: 'note',
          description: 'y',
          caseId,
          identifierIds: [identifierId],
        }),
        admin.post(`/api/evidence/${evidenceIds[0]}/identifiers/${identifierId}`, {}),
        admin.post(`/api/evidence/${evidenceIds[1]}/identifiers/${identifierId}`, {}),
        admin.post(`/api/journal-entries/${entryId}/evidence/${evidenceIds[0]}`, {}),
        admin.put(`/api/identifiers/${identifierId}/tags`, { addTagIds: [] }),
      ]);
      const [deleted, linked, entry, evidenceA, evidenceB, evidenceLinked, tagged] = answers;
      wrong.push(
        ...unexpected([
          ['delete identifier', deleted, [204]],
          ['link to entry', linked, [200, 404]],
          ['entry naming it', entry, [201, 400]],
          ['link to evidence', evidenceA, [200, 404]],
          ['link to other evidence', evidenceB, [200, 404]],
          ['evidence to entry', evidenceLinked, [200]],
          ['its tags', tagged, [200, 404]],
        ]),
      );
      if (entry.statusCode === 400)
        expect(entry.json().error.details.fields[0].field).toBe('identifierIds.0');
      expect((await admin.get(`/api/identifiers/${identifierId}`)).statusCode).toBe(404);
      const entryNow = await admin.get(`/api/journal-entries/${entryId}`);
      expect(entryNow.json().identifiers ?? []).toEqual([]);
    }
    expect(wrong).toEqual([]);
  });

  it('a tag, an export stream and a task deleted while they are used or edited', async () => {
    const wrong: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const caseId = (await createCaseVia(admin)).id;
      const tagId = created(await admin.post('/api/tags', { name: `Race ${unique()}` }));
      const identifierId = created(
        await admin.post('/api/identifiers', { type: 'email', data: { address: `${unique()}@example.com` } }),
      );
      const streamId = created(
        await admin.post('/api/export-streams', { name: `Race ${unique()}`, topics: ['cases'] }),
      );
      const taskId = created(await admin.post(`/api/cases/${caseId}/tasks`, { title: 'Call the bank' }));
      const answers = await Promise.all([
        admin.request({ method: 'DELETE', url: `/api/tags/${tagId}` }),
        admin.patch(`/api/cases/${caseId}`, { addTagIds: [tagId] }),
        admin.put(`/api/identifiers/${identifierId}/tags`, { addTagIds: [tagId] }),
        admin.request({ method: 'DELETE', url: `/api/export-streams/${streamId}` }),
        admin.patch(`/api/export-streams/${streamId}`, { name: `Race ${unique()}` }),
        admin.request({ method: 'DELETE', url: `/api/cases/${caseId}/tasks/${taskId}` }),
        admin.patch(`/api/cases/${caseId}/tasks/${taskId}`, { title: 'Call the bank again' }),
      ]);
      const [tagDeleted, caseTagged, identifierTagged, streamDeleted, streamEdited, taskDeleted, taskEdited] =
        answers;
      wrong.push(
        ...unexpected([
          // Refused while the tag is in use, when a tagging came first.
          ['delete tag', tagDeleted, [204, 409]],
          ['tag the case', caseTagged, [200, 400]],
          ['tag the identifier', identifierTagged, [200, 400]],
          ['delete stream', streamDeleted, [204]],
          ['edit stream', streamEdited, [200, 404]],
          ['delete task', taskDeleted, [204]],
          ['edit task', taskEdited, [200, 404]],
        ]),
      );
      const tagsUsed = caseTagged.statusCode === 200 || identifierTagged.statusCode === 200;
      expect(tagDeleted.statusCode === 204 ? !tagsUsed : tagsUsed, 'a tag deleted and used at once').toBe(
        true,
      );
    }
    expect(wrong).toEqual([]);
  });
});
