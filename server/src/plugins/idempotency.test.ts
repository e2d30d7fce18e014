import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  caseLinks,
  caseTasks,
  cases,
  evidence,
  exportStreams,
  groups,
  idempotencyKeys,
  identifiers,
  journalEntries,
  tags,
} from '../db/schema/index';
import { deleteExpiredIdempotencyKeys } from '../modules/idempotency/idempotency-keys.repository';
import {
  buildEvidenceApp,
  insertCase,
  multipartForm,
  pngBytes,
  type EvidenceTestApp,
} from '../modules/evidence/evidence-test-fixtures';
import { PERMISSIONS } from '@scamtrail/domain/permissions';
import { deviceSignedIn } from '../../test/device-sign-in';
import { signedIn, type Client } from '../../test/helpers';
import { automationWithKey } from '../../test/originator-helpers';

let t: EvidenceTestApp;
let admin: Client;
let other: Client;
let adminOriginatorId: string;
let adminUserId: string;
let caseId: string;

beforeAll(async () => {
  // A request holding a key says it still runs every 50 ms here, every 30 s in production.
  t = await buildEvidenceApp({}, { idempotencyClaimRefreshMs: 50 });
  const signed = await signedIn(t, 'admin');
  admin = signed.client;
  adminOriginatorId = signed.user.originatorId;
  adminUserId = signed.user.id;
  other = (await signedIn(t, 'admin')).client;
  caseId = await insertCase(t.database.db, adminOriginatorId);
});
afterAll(() => t.close());

const rows = async (table: PgTable) => (await t.database.db.select({ n: count() }).from(table))[0].n;
const unique = () => randomUUID().slice(0, 8);

function send(client: Client, options: InjectOptions, key?: string) {
  const headers = { ...(options.headers ?? {}), ...(key === undefined ? {} : { 'idempotency-key': key }) };
  return client.request({ ...options, headers });
}
const post = (url: string, payload: unknown): InjectOptions => ({
  method: 'POST',
  url,
  payload: payload as InjectOptions['payload'],
});

interface CreateCase {
  name: string;
  table: PgTable;
  /** A request that creates one row, and another one (another body) for the same route. */
  request(): InjectOptions;
  /** What the first request answers (an import creates, yet answers 200). */
  status?: number;
}

const csvImport = (): InjectOptions => ({
  method: 'POST',
  url: '/api/identifiers/import',
  ...multipartForm({}, [
    { name: 'rows.csv', bytes: Buffer.from(`type,address\nemail,${unique()}@example.com\n`), field: 'file' },
  ]),
});

const creates: CreateCase[] = [
  { name: 'a case', table: cases, request: () => post('/api/cases', { title: `Case ${unique()}` }) },
  {
    name: 'a journal entry',
    table: journalEntries,
    request: () => post('/api/journal-entries', { type: 'note', description: `Called ${unique()}`, caseId }),
  },
  {
    name: 'written evidence',
    table: evidence,
    request: () => post('/api/evidence', { title: `Statement ${unique()}`, body: 'They called twice' }),
  },
  {
    name: 'an uploaded file',
    table: evidence,
    request: () => ({
      method: 'POST',
      url: '/api/evidence',
      ...multipartForm({ title: `Screenshot ${unique()}` }, [{ name: 'shot.png', bytes: pngBytes() }]),
    }),
  },
  {
    name: 'an identifier',
    table: identifiers,
    request: () => post('/api/identifiers', { type: 'email', data: { address: `${unique()}@example.com` } }),
  },
  {
    name: 'identifiers by import',
    table: identifiers,
    status: 200,
    request: () =>
      post('/api/identifiers/import', {
        items: [{ type: 'email', data: { address: `${unique()}@example.com` } }],
      }),
  },
  { name: 'identifiers by a CSV upload', table: identifiers, status: 200, request: csvImport },
  {
    name: 'a task',
    table: caseTasks,
    request: () => post(`/api/cases/${caseId}/tasks`, { title: unique() }),
  },
  { name: 'a tag', table: tags, request: () => post('/api/tags', { name: `tag-${unique()}` }) },
  { name: 'a group', table: groups, request: () => post('/api/groups', { name: `Group ${unique()}` }) },
  {
    name: 'an export stream',
    table: exportStreams,
    request: () => post('/api/export-streams', { name: `Stream ${unique()}`, topics: ['cases'] }),
  },
];

function expectReplayOf(first: LightMyRequestResponse, again: LightMyRequestResponse) {
  expect(again.statusCode).toBe(first.statusCode);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.headers['content-type']).toBe(first.headers['content-type']);
  expect(again.json()).toEqual(first.json());
}

describe.each(creates)('Idempotency-Key on creating $name', ({ table, request, status = 201 }) => {
  it('a retry with the same key answers the first result again and creates nothing', async () => {
    const key = randomUUID();
    const sent = request();
    const first = await send(admin, sent, key);
    expect(first.statusCode, first.body).toBe(status);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const before = await rows(table);
    // A multipart retry comes with a boundary of its own; it is the same form all the same.
    const retry = sent.payload instanceof Buffer ? retriedForm(sent) : sent;
    expectReplayOf(first, await send(admin, retry, key));
    expect(await rows(table)).toBe(before);
  });

  it('the same key with another body is 422 and creates nothing', async () => {
    const key = randomUUID();
    expect((await send(admin, request(), key)).statusCode).toBe(status);
    const before = await rows(table);
    const res = await send(admin, request(), key);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await rows(table)).toBe(before);
  });
});

/** The same form sent again with another boundary, as a browser sends a form it submits again. */
function retriedForm(sent: InjectOptions): InjectOptions {
  const type = String((sent.headers as Record<string, string>)['content-type']);
  const boundary = /boundary=(\S+)/.exec(type)![1];
  const next = `${boundary.slice(0, -4)}beef`;
  const payload = Buffer.from(
    (sent.payload as Buffer).toString('latin1').split(boundary).join(next),
    'latin1',
  );
  return { ...sent, payload, headers: { 'content-type': type.replace(boundary, next) } };
}

describe('Idempotency-Key', () => {
  it('without a key every request creates', async () => {
    const body = { title: 'Twice on purpose' };
    const before = await rows(cases);
    await admin.post('/api/cases', body);
    await admin.post('/api/cases', body);
    expect(await rows(cases)).toBe(before + 2);
  });

  it('the same key on another route is 422', async () => {
    const key = randomUUID();
    expect((await send(admin, post('/api/tags', { name: `tag-${unique()}` }), key)).statusCode).toBe(201);
    const res = await send(admin, post('/api/groups', { name: `Group ${unique()}` }), key);
    expect(res.statusCode).toBe(422);
  });

  it('a retry writing the same JSON with other key order and spacing is the same request', async () => {
    // The fingerprint is of the content (canonical JSON), hashed while the claim travels and stored
    // with the answer: the retry is answered again, nothing is created twice.
    const key = randomUUID();
    const title = `Reordered ${unique()}`;
    const first = await send(admin, post('/api/cases', { title, priority: 'high' }), key);
    expect(first.statusCode).toBe(201);
    const before = await rows(cases);
    const again = await send(
      admin,
      {
        method: 'POST',
        url: '/api/cases',
        headers: { 'content-type': 'application/json' },
        payload: `{ "priority" : "high",\n  "title" : ${JSON.stringify(title)} }`,
      },
      key,
    );
    expectReplayOf(first, again);
    expect(await rows(cases)).toBe(before);
  });

  it('the draft’s quoted form is the same key as the bare one', async () => {
    const key = randomUUID();
    const body = post('/api/tags', { name: `tag-${unique()}` });
    const first = await send(admin, body, `"${key}"`);
    expectReplayOf(first, await send(admin, body, key));
  });

  it('concurrent requests with one key create one record; the others get 409 or the replay', async () => {
    const key = randomUUID();
    const body = post('/api/cases', { title: `Concurrent ${unique()}` });
    const before = await rows(cases);
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(admin, body, key)));
    expect(await rows(cases)).toBe(before + 1);
    const fresh = answers.filter((a) => a.statusCode === 201 && !a.headers['idempotent-replayed']);
    expect(fresh).toHaveLength(1);
    for (const answer of answers) {
      if (answer.statusCode === 409) {
        expect(answer.json().error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
        expect(answer.headers['retry-after']).toBe('1');
      } else {
        expect(answer.json()).toEqual(fresh[0].json());
      }
    }
  });

  it('two callers with the same key do not meet', async () => {
    const key = randomUUID();
    const mine = await send(admin, post('/api/tags', { name: `tag-${unique()}` }), key);
    const theirs = await send(other, post('/api/tags', { name: `tag-${unique()}` }), key);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
  });

  it('an API key and the user who made it do not share keys', async () => {
    const { caller: automation } = await automationWithKey(t, admin, ['tag.create']);
    const key = randomUUID();
    const mine = await send(admin, post('/api/tags', { name: `tag-${unique()}` }), key);
    const its = await send(automation, post('/api/tags', { name: `tag-${unique()}` }), key);
    expect([mine.statusCode, its.statusCode]).toEqual([201, 201]);
    expect(its.headers['idempotent-replayed']).toBeUndefined();
    const again = await send(automation, post('/api/tags', { name: its.json().name }), key);
    expectReplayOf(its, again);
  });

  it('a request that fails gives the key back: the corrected retry creates', async () => {
    const key = randomUUID();
    const missing = await send(admin, post(`/api/cases/${randomUUID()}/tasks`, { title: 'Lost' }), key);
    expect(missing.statusCode).toBe(404);
    const res = await send(admin, post(`/api/cases/${caseId}/tasks`, { title: 'Found' }), key);
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a link between cases is created once', async () => {
    const otherCase = await insertCase(t.database.db, adminOriginatorId);
    const body = post(`/api/cases/${caseId}/links`, { caseId: otherCase, note: 'Same caller' });
    const key = randomUUID();
    const first = await send(admin, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const before = await rows(caseLinks);
    expectReplayOf(first, await send(admin, body, key));
    expect(await rows(caseLinks)).toBe(before);
  });

  describe('how long a key holds', () => {
    const backdate = (key: string, interval: string) =>
      t.database.db
        .update(idempotencyKeys)
        .set({ claimedAt: sql`now() - ${interval}::interval` })
        .where(eq(idempotencyKeys.key, key));

    it('after 24 hours the key is free again, and expired keys are deleted', async () => {
      const key = randomUUID();
      const body = post('/api/tags', { name: `tag-${unique()}` });
      expect((await send(admin, body, key)).statusCode).toBe(201);
      await backdate(key, '23 hours 59 minutes');
      expect((await send(admin, body, key)).headers['idempotent-replayed']).toBe('true');
      await backdate(key, '24 hours 1 minute');
      const expired = await send(admin, post('/api/tags', { name: `tag-${unique()}` }), key);
      expect(expired.statusCode).toBe(201);
      expect(expired.headers['idempotent-replayed']).toBeUndefined();

      await backdate(key, '25 hours');
      expect(await deleteExpiredIdempotencyKeys(t.database.db)).toBeGreaterThanOrEqual(1);
      const left = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      expect(left).toEqual([]);
    });

    // An upload can take longer than a claim takes to go stale; while it runs, its retry must wait.
    it('a request that runs long keeps its claim fresh: a retry meets 409, never a second run', async () => {
      const key = randomUUID();
      const { payload, headers } = multipartForm({ title: `Slow ${unique()}` }, [
        { name: 'slow.png', bytes: pngBytes() },
      ]);
      const body = new PassThrough();
      // The form's first bytes, then nothing yet: the upload is still arriving.
      body.write(payload.subarray(0, 200));
      const before = await rows(evidence);
      const first = send(admin, { method: 'POST', url: '/api/evidence', headers, payload: body }, key);
      const claimAge = async () => {
        const [row] = await t.database.db
          .select({ age: sql<number>`extract(epoch from now() - ${idempotencyKeys.claimedAt})::float8` })
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.key, key));
        return row?.age;
      };
      await vi.waitFor(async () => expect(await claimAge()).toBeDefined(), { timeout: 10_000 });
      await backdate(key, '3 minutes');
      await vi.waitFor(async () => expect(await claimAge()).toBeLessThan(60), { timeout: 10_000 });
      const retry = await send(admin, post('/api/evidence', { title: 'irrelevant', body: 'x' }), key);
      expect(retry.statusCode).toBe(409);
      expect(retry.json().error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
      body.end(payload.subarray(200));
      expect((await first).statusCode).toBe(201);
      expect(await rows(evidence)).toBe(before + 1);
    });

    it('a claim left without an answer is 409 while fresh, and taken over once stale', async () => {
      const key = randomUUID();
      // The administrator as the keys name them (with what they hold), from a key they used before.
      const [{ caller }] = await t.database.db
        .selectDistinct({ caller: idempotencyKeys.caller })
        .from(idempotencyKeys)
        .where(sql`${idempotencyKeys.caller} like ${`user:${adminUserId}:%`}`);
      await t.database.db.insert(idempotencyKeys).values({
        caller,
        key,
        method: 'POST',
        path: '/api/cases',
        fingerprint: null,
      });
      const body = post('/api/cases', { title: `Crashed ${unique()}` });
      const busy = await send(admin, body, key);
      expect(busy.statusCode).toBe(409);
      expect(busy.headers['retry-after']).toBe('1');
      await backdate(key, '3 minutes');
      const before = await rows(cases);
      expect((await send(admin, body, key)).statusCode).toBe(201);
      expect(await rows(cases)).toBe(before + 1);
    });
  });

  describe('a malformed key is a 400 naming the header', () => {
    it.each([
      ['too long', 'k'.repeat(256)],
      ['not ASCII', 'clé-1'],
      ['empty', '""'],
    ])('%s', async (_, key) => {
      const before = await rows(tags);
      const res = await send(admin, post('/api/tags', { name: `tag-${unique()}` }), key);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields[0].field).toBe('Idempotency-Key');
      expect(await rows(tags)).toBe(before);
    });
  });
});

/**
 * A stored answer goes back only to a caller who sees now what they saw when it was made: one who
 * lost a group or a permission since is not given the record again from the key; their request runs
 * afresh, with its checks.
 */
describe('Idempotency-Key and what the caller may see', () => {
  it("a member taken out of the case's group gets 404 on the retry, not the task they made", async () => {
    const member = await signedIn(t, 'investigator');
    const group = await admin.post('/api/groups', { name: `Desk ${unique()}`, userIds: [member.user.id] });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = (group.json() as { id: string }).id;
    const grouped = await member.client.post('/api/cases', { title: `Grouped ${unique()}`, groupId });
    expect(grouped.statusCode, grouped.body).toBe(201);
    const task = post(`/api/cases/${(grouped.json() as { id: string }).id}/tasks`, {
      title: 'Call the bank',
    });
    const key = randomUUID();
    const first = await send(member.client, task, key);
    expect(first.statusCode, first.body).toBe(201);
    // The same sight: the same answer, nothing created twice.
    expectReplayOf(first, await send(member.client, task, key));

    const removed = await admin.request({
      method: 'DELETE',
      url: `/api/groups/${groupId}/members/${member.user.id}`,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const after = await send(member.client, task, key);
    expect(after.statusCode, after.body).toBe(404);
    expect(after.headers['idempotent-replayed']).toBeUndefined();
    expect(after.body).not.toContain('Call the bank');
  });

  it("a device sign-in narrowed below its user's browser is not given the browser's answer", async () => {
    const signed = await signedIn(t, 'admin');
    const narrowed = await deviceSignedIn(
      t,
      signed.client,
      PERMISSIONS.filter((permission) => permission !== 'case.view'),
    );
    const key = randomUUID();
    const name = `tag-${unique()}`;
    const browser = await send(signed.client, post('/api/tags', { name }), key);
    expect(browser.statusCode, browser.body).toBe(201);
    const token = await send(narrowed, post('/api/tags', { name }), key);
    expect(token.headers['idempotent-replayed']).toBeUndefined();
    // It ran: the name is taken (by the browser's tag), which a replay would not have said.
    expect(token.statusCode, token.body).toBe(409);
    // The browser still gets its own answer again.
    expectReplayOf(browser, await send(signed.client, post('/api/tags', { name }), key));
  });
});
