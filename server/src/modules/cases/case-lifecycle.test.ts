import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { DUPLICATE_OF_MESSAGE } from './case-status';
import { DUPLICATE_LOOP_MESSAGE } from './case-update.service';
import { caseEvents, countCaseEvents, createCaseVia, insertGroup, patchCaseVia } from './case-test-fixtures';

let t: TestApp;
let investigator: Client;
let investigatorUser: { id: string; originatorId: string; firstName: string; lastName: string };
beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'investigator');
  investigator = signed.client;
  investigatorUser = signed.user;
});
afterAll(async () => {
  await t.close();
});

const closing = { status: 'closed', resolution: 'resolved', closureNotes: 'Money recovered by the bank' };

describe('case lifecycle', () => {
  it('a new case is open, medium priority, originated by its creator, with nothing in it', async () => {
    const created = await createCaseVia(investigator, { title: '  Romance scam of J. Doe  ' });
    expect(created).toMatchObject({
      title: 'Romance scam of J. Doe',
      description: '',
      status: 'open',
      priority: 'medium',
      scamType: null,
      reportedLoss: null,
      resolution: null,
      closureNotes: null,
      closedAt: null,
      group: null,
      assignees: [],
      tags: [],
      entryCount: 0,
      evidenceCount: 0,
    });
    expect(created.number).toBeGreaterThan(0);
    expect(created.originator).toMatchObject({
      id: investigatorUser.originatorId,
      type: 'team_member',
      name: `${investigatorUser.firstName} ${investigatorUser.lastName}`,
      proxy: null,
    });
    const [event] = await caseEvents(t.database.db, created.id);
    expect(event).toMatchObject({
      type: 'case.created',
      actorUserId: investigatorUser.id,
      subjectId: created.id,
    });
    expect(event.data).toMatchObject({
      before: null,
      after: { title: 'Romance scam of J. Doe', status: 'open', priority: 'medium', assigneeIds: [] },
    });
    expect((await investigator.get(`/api/cases/${created.id}`)).json()).toEqual(created);
  });

  it('an edit changes only what it names and records only the changed fields', async () => {
    const created = await createCaseVia(investigator, { title: 'Investment fraud' });
    const edited = await patchCaseVia(investigator, created.id, {
      priority: 'critical',
      scamType: 'investment',
      reportedLoss: { amount: 12500.5, currency: 'eur' },
      assigneeIds: [investigatorUser.id],
    });
    expect(edited).toMatchObject({
      title: 'Investment fraud',
      priority: 'critical',
      scamType: 'investment',
      reportedLoss: { amount: 12500.5, currency: 'EUR' },
      assignees: [
        { id: investigatorUser.id, fullName: `${investigatorUser.firstName} ${investigatorUser.lastName}` },
      ],
    });
    expect(Date.parse(edited.lastActivityAt)).toBeGreaterThan(Date.parse(created.lastActivityAt));
    const events = await caseEvents(t.database.db, created.id);
    expect(events.map((e) => e.type)).toEqual(['case.created', 'case.updated']);
    expect(events[1].data).toEqual({
      before: { priority: 'medium', scamType: null, reportedLoss: null, assigneeIds: [] },
      after: {
        priority: 'critical',
        scamType: 'investment',
        reportedLoss: { amount: 12500.5, currency: 'EUR' },
        assigneeIds: [investigatorUser.id],
      },
    });
  });

  it('a change that changes nothing writes no audit row', async () => {
    const created = await createCaseVia(investigator, { title: 'Unchanged' });
    await patchCaseVia(investigator, created.id, { title: 'Unchanged', priority: 'medium' });
    expect((await caseEvents(t.database.db, created.id)).map((e) => e.type)).toEqual(['case.created']);
  });

  it('closing without a resolution is a 400 naming resolution, and saves nothing', async () => {
    const created = await createCaseVia(investigator);
    const before = await countCaseEvents(t.database.db);
    const res = await investigator.patch(`/api/cases/${created.id}`, {
      status: 'closed',
      closureNotes: 'Done',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.details.fields).toEqual([
      { field: 'resolution', message: 'Resolution is required to close a case' },
    ]);
    expect((await investigator.get(`/api/cases/${created.id}`)).json().status).toBe('open');
    expect(await countCaseEvents(t.database.db)).toBe(before);
  });

  it('closing without closure notes is a 400 naming closureNotes', async () => {
    const created = await createCaseVia(investigator);
    for (const body of [
      { status: 'closed', resolution: 'resolved' },
      { status: 'closed', resolution: 'resolved', closureNotes: '   ' },
    ]) {
      const res = await investigator.patch(`/api/cases/${created.id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields).toEqual([
        { field: 'closureNotes', message: 'Closure notes are required to close a case' },
      ]);
    }
  });

  it('a resolution or closure notes without closing is a 400 naming them', async () => {
    const created = await createCaseVia(investigator);
    const res = await investigator.patch(`/api/cases/${created.id}`, {
      resolution: 'resolved',
      closureNotes: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toEqual([
      'resolution',
      'closureNotes',
    ]);
  });

  it('closing records the resolution and its time; reopening clears them', async () => {
    const created = await createCaseVia(investigator);
    const closed = await patchCaseVia(investigator, created.id, closing);
    expect(closed).toMatchObject({
      status: 'closed',
      resolution: 'resolved',
      closureNotes: closing.closureNotes,
    });
    expect(closed.closedAt).not.toBeNull();
    // A closed case may still have its closure notes corrected.
    const corrected = await patchCaseVia(investigator, created.id, { closureNotes: 'Recovered in full' });
    expect(corrected).toMatchObject({
      status: 'closed',
      closureNotes: 'Recovered in full',
      closedAt: closed.closedAt,
    });

    const reopened = await patchCaseVia(investigator, created.id, { status: 'in_progress' });
    expect(reopened).toMatchObject({
      status: 'in_progress',
      resolution: null,
      closureNotes: null,
      closedAt: null,
    });
    const events = await caseEvents(t.database.db, created.id);
    expect(events.map((e) => e.type)).toEqual([
      'case.created',
      'case.closed',
      'case.updated',
      'case.reopened',
    ]);
    expect(events[1].data).toMatchObject({
      before: { status: 'open', resolution: null, closureNotes: null, closedAt: null },
      after: { status: 'closed', resolution: 'resolved', closureNotes: closing.closureNotes },
    });
    expect(events[3].data).toMatchObject({
      before: { status: 'closed', resolution: 'resolved' },
      after: { status: 'in_progress', resolution: null, closureNotes: null, closedAt: null },
    });
  });

  describe('closing as a duplicate', () => {
    const asDuplicate = { status: 'closed', resolution: 'duplicate', closureNotes: 'Reported twice' };

    it('names the case it repeats, keeps it while it stays a duplicate, and reopening clears it', async () => {
      const original = await createCaseVia(investigator, { title: 'The original report' });
      const copy = await createCaseVia(investigator, { title: 'The same report, again' });
      const closed = await patchCaseVia(investigator, copy.id, {
        ...asDuplicate,
        duplicateOfId: original.id,
      });
      expect(closed).toMatchObject({ status: 'closed', resolution: 'duplicate', duplicateOfId: original.id });
      expect((await investigator.get(`/api/cases/${copy.id}`)).json().duplicateOfId).toBe(original.id);

      const corrected = await patchCaseVia(investigator, copy.id, {
        closureNotes: 'Reported twice by the bank',
      });
      expect(corrected.duplicateOfId).toBe(original.id);
      const unlinked = await patchCaseVia(investigator, copy.id, { duplicateOfId: null });
      expect(unlinked).toMatchObject({ resolution: 'duplicate', duplicateOfId: null });
      await patchCaseVia(investigator, copy.id, { duplicateOfId: original.id });
      // Another resolution leaves no original behind.
      const resolved = await patchCaseVia(investigator, copy.id, { resolution: 'resolved' });
      expect(resolved.duplicateOfId).toBeNull();
      await patchCaseVia(investigator, copy.id, { resolution: 'duplicate', duplicateOfId: original.id });
      const reopened = await patchCaseVia(investigator, copy.id, { status: 'open' });
      expect(reopened).toMatchObject({ resolution: null, duplicateOfId: null });

      const events = await caseEvents(t.database.db, copy.id);
      expect(events[1]).toMatchObject({ type: 'case.closed' });
      expect(events[1].data).toMatchObject({
        before: { duplicateOfId: null },
        after: { resolution: 'duplicate', duplicateOfId: original.id },
      });
      expect(events.at(-1)!.data).toMatchObject({
        before: { duplicateOfId: original.id },
        after: { duplicateOfId: null },
      });
    });

    it('lists the duplicates of a case, only those the caller may see', async () => {
      const { client: admin } = await signedIn(t, 'admin');
      const original = await createCaseVia(investigator, { title: 'A case reported three times' });
      const seen = await createCaseVia(investigator, { title: 'Seen duplicate' });
      const hidden = await createCaseVia(admin, {
        title: 'Hidden duplicate',
        groupId: await insertGroup(t.database.db),
      });
      for (const [client, copy] of [
        [investigator, seen],
        [admin, hidden],
      ] as const) {
        await patchCaseVia(client, copy.id, { ...asDuplicate, duplicateOfId: original.id });
      }
      const titles = async (client: Client) => {
        const res = await client.get(`/api/cases?duplicateOfId=${original.id}`);
        expect(res.statusCode, res.body).toBe(200);
        return (res.json().data as { title: string }[]).map((c) => c.title).sort();
      };
      expect(await titles(investigator)).toEqual(['Seen duplicate']);
      expect(await titles(admin)).toEqual(['Hidden duplicate', 'Seen duplicate']);
      const bad = await investigator.get('/api/cases?duplicateOfId=nope');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details.fields.map((f: { field: string }) => f.field)).toEqual([
        'duplicateOfId',
      ]);
    });

    it('names an original the caller may not see to nobody but those who may', async () => {
      const { client: admin } = await signedIn(t, 'admin');
      const hidden = await createCaseVia(admin, {
        title: 'Hidden original',
        groupId: await insertGroup(t.database.db),
      });
      const copy = await createCaseVia(admin, { title: 'Visible copy' });
      await patchCaseVia(admin, copy.id, { ...asDuplicate, duplicateOfId: hidden.id });
      expect((await investigator.get(`/api/cases/${copy.id}`)).json().duplicateOfId).toBeNull();
      const listed = (await investigator.get('/api/cases?search=Visible copy')).json();
      expect(listed.data.map((c: { duplicateOfId: string | null }) => c.duplicateOfId)).toEqual([null]);
      // Filtering by the hidden id would tell which cases repeat it.
      const byOriginal = (await investigator.get(`/api/cases?duplicateOfId=${hidden.id}`)).json();
      expect(byOriginal.pagination.totalItems).toBe(0);
      expect((await admin.get(`/api/cases/${copy.id}`)).json().duplicateOfId).toBe(hidden.id);
    });

    it('refuses a loop of duplicates, naming duplicateOfId', async () => {
      const [a, b, c] = await Promise.all(
        ['A', 'B', 'C'].map((title) => createCaseVia(investigator, { title })),
      );
      await patchCaseVia(investigator, b.id, { ...asDuplicate, duplicateOfId: a.id });
      await patchCaseVia(investigator, c.id, { ...asDuplicate, duplicateOfId: b.id });
      const res = await investigator.patch(`/api/cases/${a.id}`, { ...asDuplicate, duplicateOfId: c.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields).toEqual([
        { field: 'duplicateOfId', message: DUPLICATE_LOOP_MESSAGE },
      ]);
      expect((await investigator.get(`/api/cases/${a.id}`)).json().status).toBe('open');
      // Off the chain, a duplicate of a duplicate is fine.
      const d = await createCaseVia(investigator, { title: 'D' });
      expect(
        (await patchCaseVia(investigator, d.id, { ...asDuplicate, duplicateOfId: c.id })).duplicateOfId,
      ).toBe(c.id);
    });

    it('a loop through a case the caller may not see is not refused: the refusal would tell of its link', async () => {
      const admin = (await signedIn(t, 'admin')).client;
      const [a, b] = await Promise.all(['A', 'B'].map((title) => createCaseVia(investigator, { title })));
      const hidden = await createCaseVia(admin, { title: 'H', groupId: await insertGroup(t.database.db) });
      await patchCaseVia(admin, hidden.id, { ...asDuplicate, duplicateOfId: a.id });
      await patchCaseVia(admin, b.id, { ...asDuplicate, duplicateOfId: hidden.id });
      // The administrator sees the whole chain B -> H -> A and is refused.
      const refused = await admin.patch(`/api/cases/${a.id}`, { ...asDuplicate, duplicateOfId: b.id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.details.fields).toEqual([
        { field: 'duplicateOfId', message: DUPLICATE_LOOP_MESSAGE },
      ]);
      // The investigator sees B lead to a case they cannot see, and learns no more of it.
      const closed = await patchCaseVia(investigator, a.id, { ...asDuplicate, duplicateOfId: b.id });
      expect(closed.duplicateOfId).toBe(b.id);
    });

    it('may leave the original unnamed', async () => {
      const copy = await createCaseVia(investigator);
      const closed = await patchCaseVia(investigator, copy.id, asDuplicate);
      expect(closed).toMatchObject({ resolution: 'duplicate', duplicateOfId: null });
    });

    it('refuses, naming duplicateOfId and saving nothing: itself, a missing or hidden case, another resolution, no close', async () => {
      const copy = await createCaseVia(investigator);
      const hiddenGroup = await insertGroup(t.database.db);
      const { client: admin } = await signedIn(t, 'admin');
      const hidden = await createCaseVia(admin, { title: 'Not for this investigator', groupId: hiddenGroup });
      const cases: [Record<string, unknown>, string][] = [
        [{ ...asDuplicate, duplicateOfId: copy.id }, 'A case cannot be a duplicate of itself'],
        [{ ...asDuplicate, duplicateOfId: '7d9e4c1a-0000-4000-8000-000000000000' }, 'No case with this id'],
        [{ ...asDuplicate, duplicateOfId: hidden.id }, 'No case with this id'],
        [{ ...closing, duplicateOfId: hidden.id }, DUPLICATE_OF_MESSAGE],
        [
          { status: 'in_progress', duplicateOfId: hidden.id },
          'duplicateOfId can only be given when closing a case',
        ],
        [{ ...asDuplicate, duplicateOfId: 'not-a-uuid' }, ''],
      ];
      const before = await countCaseEvents(t.database.db);
      for (const [body, message] of cases) {
        const res = await investigator.patch(`/api/cases/${copy.id}`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        const fields = res.json().error.details.fields as { field: string; message: string }[];
        expect(fields.map((f) => f.field)).toEqual(['duplicateOfId']);
        if (message) expect(fields[0].message).toBe(message);
      }
      expect(await countCaseEvents(t.database.db)).toBe(before);
      expect((await investigator.get(`/api/cases/${copy.id}`)).json()).toMatchObject({
        status: 'open',
        duplicateOfId: null,
      });
    });
  });

  it('an archived case refuses every change but reopening', async () => {
    const created = await createCaseVia(investigator);
    const archived = await patchCaseVia(investigator, created.id, { status: 'archived' });
    expect(archived.status).toBe('archived');
    const before = await countCaseEvents(t.database.db);
    for (const body of [{ title: 'New title' }, { status: 'in_progress' }, { status: 'archived' }]) {
      const res = await investigator.patch(`/api/cases/${created.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().error.code).toBe('CONFLICT');
    }
    const edit = await investigator.patch(`/api/cases/${created.id}`, { title: 'New title' });
    expect(edit.json().error.message).toBe('This case is archived; reopen it to change it');
    expect(await countCaseEvents(t.database.db)).toBe(before);

    const reopened = await patchCaseVia(investigator, created.id, { status: 'open' });
    expect(reopened.status).toBe('open');
    const events = await caseEvents(t.database.db, created.id);
    expect(events.map((e) => e.type)).toEqual(['case.created', 'case.archived', 'case.reopened']);
  });

  it('a forbidden status move (archived to closed) is a 409 naming status', async () => {
    const created = await createCaseVia(investigator);
    await patchCaseVia(investigator, created.id, { status: 'archived' });
    const res = await investigator.patch(`/api/cases/${created.id}`, closing);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details.fields).toEqual([
      { field: 'status', message: 'A case cannot move from Archived to Closed' },
    ]);
    expect((await investigator.get(`/api/cases/${created.id}`)).json().status).toBe('archived');
  });

  it('moving between open and in progress is a status change', async () => {
    const created = await createCaseVia(investigator);
    await patchCaseVia(investigator, created.id, { status: 'in_progress' });
    const events = await caseEvents(t.database.db, created.id);
    expect(events[1]).toMatchObject({ type: 'case.status_changed' });
    expect(events[1].data).toEqual({ before: { status: 'open' }, after: { status: 'in_progress' } });
  });

  it('the audit row commits with the change: when it cannot be written, the change is undone', async () => {
    const created = await createCaseVia(investigator, { title: 'Atomic' });
    // A fault injected into the audit table alone: refuses the row of this one change.
    await t.database.db.execute(sql`create function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.data -> 'after' ->> 'title' = 'Boom' then raise exception 'audit refused'; end if;
        return new;
      end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_boom before insert on events for each row execute function refuse_boom()`,
    );
    try {
      const res = await investigator.patch(`/api/cases/${created.id}`, { title: 'Boom', priority: 'high' });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_boom on events`);
      await t.database.db.execute(sql`drop function refuse_boom()`);
    }
    expect((await investigator.get(`/api/cases/${created.id}`)).json()).toMatchObject({
      title: 'Atomic',
      priority: 'medium',
      lastActivityAt: created.lastActivityAt,
    });
    expect((await caseEvents(t.database.db, created.id)).map((e) => e.type)).toEqual(['case.created']);
  });

  it('a missing case answers 404', async () => {
    const res = await investigator.patch(`/api/cases/${crypto.randomUUID()}`, { title: 'x' });
    expect(res.statusCode).toBe(404);
    expect((await investigator.get(`/api/cases/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });
});
