import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_STREAM_PAUSED_MESSAGE } from '@scamtrail/domain/export-streams';
import {
  buildTestApp,
  signedIn,
  untilEveryEventReadable,
  type Client,
  type TestApp,
} from '../../../test/helpers';
import { automationWithKey, unique } from '../../../test/originator-helpers';
import { EVENTS_CHANNEL } from './events-signal';
import { everyEventReadable } from './export-streams.repository';

let t: TestApp;
let admin: Client;
let investigator: Client;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
  investigator = (await signedIn(t, 'investigator')).client;
});
afterAll(async () => {
  await t.close();
});

async function createStream(body: Record<string, unknown> = {}) {
  const res = await admin.post('/api/export-streams', {
    name: unique('SIEM feed'),
    topics: ['cases'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; [key: string]: unknown };
}

async function createCase(title: string) {
  const res = await investigator.post('/api/cases', { title });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

interface EventsPage {
  data: {
    id: string;
    type: string;
    topic: string;
    subject: { type: string; id: string };
    [k: string]: unknown;
  }[];
  next: string;
  hasMore: boolean;
}

async function read(client: Client, streamId: string, query = '') {
  const res = await client.get(`/api/export-streams/${streamId}/events${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EventsPage;
}

/** Every event of the stream after `after`, following `next` page by page. */
async function readAll(client: Client, streamId: string, after = '', limit = 1000) {
  await untilEveryEventReadable(t);
  const events: EventsPage['data'] = [];
  let cursor = after;
  for (;;) {
    const page = await read(client, streamId, `?limit=${limit}${cursor ? `&after=${cursor}` : ''}`);
    events.push(...page.data);
    cursor = page.next;
    if (!page.hasMore) return { events, next: cursor };
  }
}

describe('export streams', () => {
  it('are created active with their topics in a fixed order, listed, read, renamed and deleted', async () => {
    const name = unique('Threat intel');
    const stream = await createStream({ name, description: 'To the TIP', topics: ['identifiers', 'cases'] });
    expect(stream).toMatchObject({
      name,
      description: 'To the TIP',
      topics: ['cases', 'identifiers'],
      status: 'active',
      lastReadAt: null,
      createdBy: expect.stringMatching(/\S+ \S+/),
    });
    const list = (await admin.get('/api/export-streams')).json();
    expect(list.data.map((s: { id: string }) => s.id)).toContain(stream.id);
    expect((await admin.get(`/api/export-streams/${stream.id}`)).json()).toEqual(stream);

    const renamed = await admin.patch(`/api/export-streams/${stream.id}`, {
      name: `${name} 2`,
      topics: ['journal'],
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: `${name} 2`,
      topics: ['journal'],
      description: 'To the TIP',
    });

    expect((await admin.delete(`/api/export-streams/${stream.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/export-streams/${stream.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/export-streams/${stream.id}/events`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/export-streams/${stream.id}`)).statusCode).toBe(404);
  });

  it('refuses a name already taken, whatever its case, naming the field', async () => {
    const stream = await createStream();
    const res = await admin.post('/api/export-streams', {
      name: stream.name.toUpperCase(),
      topics: ['cases'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details.fields).toEqual([
      { field: 'name', message: `An export stream named "${stream.name.toUpperCase()}" already exists` },
    ]);
    const other = await createStream();
    const renamed = await admin.patch(`/api/export-streams/${other.id}`, { name: stream.name });
    expect(renamed.statusCode).toBe(409);
    expect((await admin.get(`/api/export-streams/${other.id}`)).json().name).toBe(other.name);
  });

  it('refuses bad input with a 400 naming the field, and saves nothing', async () => {
    const name = unique('Bad');
    for (const [body, field, message] of [
      [{ name, topics: [] }, 'topics', 'Choose at least one topic'],
      [{ name, topics: ['cases', 'weather'] }, 'topics.1', undefined],
      [{ name, topics: 'cases' }, 'topics', undefined],
      [{ topics: ['cases'] }, 'name', undefined],
      [{ name: 'a\u0000b', topics: ['cases'] }, 'name', undefined],
      [{ name: 'x'.repeat(101), topics: ['cases'] }, 'name', undefined],
    ] as const) {
      const res = await admin.post('/api/export-streams', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const fields = res.json().error.details.fields as { field: string; message: string }[];
      expect(fields.map((f) => f.field)).toContain(field);
      if (message) expect(fields.find((f) => f.field === field)?.message).toBe(message);
    }
    const list = (await admin.get('/api/export-streams?pageSize=100')).json();
    expect(list.data.some((s: { name: string }) => s.name === name)).toBe(false);

    const stream = await createStream();
    for (const body of [{}, { status: 'stopped' }, { topics: [] }]) {
      expect((await admin.patch(`/api/export-streams/${stream.id}`, body)).statusCode).toBe(400);
    }
    expect((await admin.get(`/api/export-streams/${stream.id}`)).json()).toEqual(stream);
    for (const query of [
      '?after=12',
      '?after=a-1',
      '?after=1-99999999999999999999',
      '?after=99999999999999999999-1',
      '?after=1-9223372036854775808',
      '?limit=0',
      '?limit=1001',
      '?limit=two',
      '?wait=31',
      '?wait=-1',
    ]) {
      const res = await admin.get(`/api/export-streams/${stream.id}/events${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    // The largest cursor there can be: past every event.
    const last = '18446744073709551615-9223372036854775807';
    expect(await read(admin, stream.id, `?after=${last}`)).toEqual({ data: [], next: last, hasMore: false });
  });

  it('carries only the events of its topics, oldest first, and goes on from the cursor of each answer', async () => {
    const stream = await createStream({ topics: ['cases'] });
    const start = await readAll(admin, stream.id);
    expect(start.events.every((e) => e.topic === 'cases' && e.subject.type === 'case')).toBe(true);

    const first = await createCase('Stream case one');
    await investigator.post('/api/identifiers', {
      type: 'email',
      data: { address: `${unique('s')}@example.org` },
    });
    const second = await createCase('Stream case two');
    // A task's events are the case's too: their subject is the task, their case the case.
    const task = await investigator.post(`/api/cases/${second}/tasks`, { title: 'Call the bank' });
    expect(task.statusCode, task.body).toBe(201);
    const after = await readAll(admin, stream.id, start.next);
    expect(after.events.map((e) => [e.type, e.subject.id])).toEqual([
      ['case.created', first],
      ['case.created', second],
      ['case.task_added', task.json().id],
    ]);
    expect(after.events[2]).toMatchObject({ topic: 'cases', subject: { type: 'case_task' }, caseId: second });
    expect(after.events[0]).toMatchObject({
      caseId: first,
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      actor: { originatorId: expect.any(String), userId: expect.any(String), apiKeyId: null },
    });

    // Nothing new: no events, and the same cursor to come back with.
    const idle = await read(admin, stream.id, `?after=${after.next}`);
    expect(idle).toEqual({ data: [], next: after.next, hasMore: false });

    // One at a time: the same events, page by page.
    const paged = await readAll(admin, stream.id, start.next, 1);
    expect(paged.events.map((e) => e.id)).toEqual(after.events.map((e) => e.id));
    expect(paged.next).toBe(after.next);
  });

  it('answers 409 while paused, and goes on where it stopped once resumed', async () => {
    const stream = await createStream({ topics: ['cases'] });
    const { next } = await readAll(admin, stream.id);
    const paused = await admin.patch(`/api/export-streams/${stream.id}`, { status: 'paused' });
    expect(paused.json().status).toBe('paused');
    const caseId = await createCase('Opened while paused');
    const refused = await admin.get(`/api/export-streams/${stream.id}/events?after=${next}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(EXPORT_STREAM_PAUSED_MESSAGE);

    await admin.patch(`/api/export-streams/${stream.id}`, { status: 'active' });
    const resumed = await readAll(admin, stream.id, next);
    expect(resumed.events.map((e) => e.subject.id)).toEqual([caseId]);
  });

  it("is read by an API key with export.view and its topics' permissions, which sets its last read; an administrator does not", async () => {
    const stream = await createStream({ topics: ['cases', 'identifiers'] });
    await readAll(admin, stream.id);
    expect((await admin.get(`/api/export-streams/${stream.id}`)).json().lastReadAt).toBeNull();

    const reader = await automationWithKey(t, admin, ['export.view', 'case.view', 'identifier.view']);
    const { events } = await readAll(reader.caller, stream.id);
    expect(events.some((e) => e.type === 'case.created')).toBe(true);
    expect((await admin.get(`/api/export-streams/${stream.id}`)).json().lastReadAt).toEqual(
      expect.any(String),
    );

    // Reading is not managing.
    expect(
      (await reader.caller.patch(`/api/export-streams/${stream.id}`, { status: 'paused' })).statusCode,
    ).toBe(403);
    const other = await automationWithKey(t, admin, ['case.view']);
    expect((await other.caller.get(`/api/export-streams/${stream.id}/events`)).statusCode).toBe(403);
    expect((await investigator.get(`/api/export-streams/${stream.id}/events`)).statusCode).toBe(403);
  });

  it('is told when a transaction that wrote events commits, not before', async () => {
    let told = 0;
    let committed = () => {};
    const stop = await t.database.listen(
      EVENTS_CHANNEL,
      () => {
        told += 1;
        committed();
      },
      () => {},
    );
    try {
      const notified = new Promise<void>((resolve) => {
        committed = resolve;
      });
      await createCase('Announced on commit');
      await notified;
      expect(told).toBeGreaterThanOrEqual(1);
    } finally {
      await stop();
    }
  });

  // A reader that is not woken answers an empty page when its 30 s wait ends (if the test's limit has
  // not failed it first): the page holding the case is the proof, whatever the machine's load.
  it('answers a waiting reader as soon as an event of its topics is committed', async () => {
    const stream = await createStream({ topics: ['cases'] });
    const { next } = await readAll(admin, stream.id);
    const waiting = read(admin, stream.id, `?after=${next}&wait=30`);
    const caseId = await createCase('Awaited by a reader');
    const page = await waiting;
    expect(page.data.map((e) => e.subject.id)).toEqual([caseId]);
    expect(page.next).not.toBe(next);
  });

  it('answers a reader with nothing new at once when it does not wait', async () => {
    const stream = await createStream({ topics: ['cases'] });
    const { next } = await readAll(admin, stream.id);
    expect(await read(admin, stream.id, `?after=${next}&wait=0`)).toEqual({ data: [], next, hasMore: false });
  });

  it('is not held back by a transaction open in another database of the server', async (ctx) => {
    if (t.database.kind !== 'postgres') ctx.skip();
    const stream = await createStream({ topics: ['cases'] });
    const { next } = await readAll(admin, stream.id);
    const elsewhere = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await elsewhere.connect();
    try {
      await elsewhere.query('begin');
      await elsewhere.query('select pg_current_xact_id()');
      const caseId = await createCase('Committed while another database works');
      // The transaction elsewhere stays open throughout, so the event coming at all shows it is not waited
      // for. It may come a read later: a transaction of another test's database that ended between the
      // read's snapshot and its look at pg_stat_activity cannot be told apart, and counts (which only
      // delays), so the read is repeated until the event comes, within the test's timeout.
      await expect
        .poll(async () => (await read(admin, stream.id, `?after=${next}`)).data.map((e) => e.subject.id), {
          timeout: 20_000,
        })
        .toEqual([caseId]);
    } finally {
      await elsewhere.query('rollback').catch(() => undefined);
      await elsewhere.end();
    }
  });

  it('calls the events readable only once every older transaction of the server has ended', async (ctx) => {
    // A read's horizon leaves out the other databases' transactions it sees running, but counts one that
    // ends while it looks: "readable" promises every later read, so it waits for those too.
    if (t.database.kind !== 'postgres') ctx.skip();
    const elsewhere = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await elsewhere.connect();
    try {
      await elsewhere.query('begin');
      await elsewhere.query('select pg_current_xact_id()');
      await createCase('Written while an older transaction runs elsewhere');
      expect(await everyEventReadable(t.database.db)).toBe(false);
    } finally {
      await elsewhere.query('rollback').catch(() => undefined);
      await elsewhere.end();
    }
    await untilEveryEventReadable(t);
    expect(await everyEventReadable(t.database.db)).toBe(true);
  });

  it('holds back an event whose transaction is still open, and what came after it, then sends them in order', async (ctx) => {
    // PGlite has one connection: no second transaction can be open beside the app's.
    if (t.database.kind !== 'postgres') ctx.skip();
    const stream = await createStream({ topics: ['cases'] });
    const { next } = await readAll(admin, stream.id);
    const pool = (t.database.db as unknown as { $client: import('pg').Pool }).$client;
    const open = await pool.connect();
    try {
      await open.query('begin');
      // Drawn first, committed last: its id is below the next case's.
      const slow = await open.query<{ id: string }>(
        `insert into events (type, subject_type, subject_id, data) values ('case.updated', 'case', 'slow', '{}')
         returning id::text as id`,
      );
      const caseId = await createCase('Committed while another is open');
      expect((await read(admin, stream.id, `?after=${next}`)).data).toEqual([]);

      await open.query('commit');
      const { events } = await readAll(admin, stream.id, next);
      expect(events.map((e) => e.subject.id)).toEqual(['slow', caseId]);
      expect(events[0].id).toBe(slow.rows[0].id);
    } finally {
      await open.query('rollback').catch(() => undefined);
      open.release();
    }
  });
});

/** An app of its own, and a reader of one of its streams that waits (up to 30 s) once it listens. */
async function appWithWaitingReader(overrides: Parameters<typeof buildTestApp>[1] = {}) {
  const own = await buildTestApp({}, overrides);
  const ownAdmin = (await signedIn(own, 'admin')).client;
  const created = await ownAdmin.post('/api/export-streams', { name: 'Waiting reader', topics: ['journal'] });
  const { next } = (await ownAdmin.get(`/api/export-streams/${created.json().id}/events`)).json();
  // The reader is in its handler once the app listens for events (it does so for the first reader).
  const listen = own.database.listen;
  const listening = new Promise<void>((resolve) => {
    own.database.listen = async (...args) => {
      const stop = await listen(...args);
      resolve();
      return stop;
    };
  });
  const waiting = ownAdmin.get(`/api/export-streams/${created.json().id}/events?after=${next}&wait=30`);
  await listening;
  return { own, ownAdmin, waiting, next };
}

describe('a reader waiting for events', () => {
  // A request queued behind the reader would be answered only after the reader's 30 s wait ended: the
  // reader still waiting when the request is answered is the proof, however long each took.
  it('holds none of the slots other requests wait for', { timeout: 60_000 }, async () => {
    const { own, ownAdmin, waiting } = await appWithWaitingReader({
      admission: { maxInProgress: 1, queueLength: 5 },
    });
    let readerAnswered = false;
    void waiting.then(() => (readerAnswered = true));
    expect((await ownAdmin.get('/api/export-streams')).statusCode).toBe(200);
    expect(readerAnswered).toBe(false);
    expect(own.app.admissionState()).toEqual({ inProgress: 0, waiting: 0 });
    await own.app.close();
    await waiting;
    await own.database.close();
  });
});

describe('stopping the server', () => {
  // A stop that waited the reader out would take its whole 30 s wait. Only the stop is timed, not the
  // set-up, and the bound leaves a loaded machine five seconds of it.
  it('answers readers that wait for events at once', { timeout: 60_000 }, async () => {
    const { own, waiting, next } = await appWithWaitingReader();
    const stopping = Date.now();
    await own.app.close();
    const res = await waiting;
    expect(Date.now() - stopping).toBeLessThan(25_000);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], next, hasMore: false });
    await own.database.close();
  });
});
