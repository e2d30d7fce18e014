import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/client';
import { rowsOf } from '../src/db/sql/arrays';
import { insertCase, insertGroup } from './case-fixtures';
import { buildTestApp, createTestUser, login, type Client, type TestApp } from './helpers';

/**
 * Every write of a case or of what it holds (its fields, entries, evidence, links, tasks), by a member
 * of the case's group, while something it relies on changes and has not committed yet: the member is
 * removed from the group (under the group's row lock, as every change of a group's members is made),
 * the case moves to a group they are not in, or the case is archived (under the case's row lock, as a
 * case's PATCH makes them). The write must wait for the change, then answer as it would after it
 * (hidden: 404 for a case in the path, 400 naming it in the body; archived: 409) and write nothing.
 * Before, it went through on what it had read before the change committed: a removed member's last
 * write landed (each write now holds the caller's groups, `holdCaseSight`), and tasks, evidence edits
 * and links, and new entries checked the case before locking it. Real concurrency: PostgreSQL only
 * (PGlite runs one transaction at a time, so nothing can wait there); that every write goes through
 * for a member who stays is checked on both.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
const unique = () => `${Date.now().toString(36)}-${(serial += 1)}`;

/** What a member has in their group's case before the race: the records the writes name. */
interface Scene {
  member: Client;
  memberId: string;
  groupId: string;
  caseId: string;
  /** Another case of the group, and a third already linked to `caseId`. */
  otherCaseId: string;
  linkedCaseId: string;
  /** An entry the member recorded in the case, and one of theirs in no case. */
  entryId: string;
  looseEntryId: string;
  evidenceId: string;
  identifierId: string;
  /** An identifier and an evidence item already linked to the entry (and the identifier to the evidence). */
  linkedIdentifierId: string;
  linkedEvidenceId: string;
  taskId: string;
}

function idOf(res: LightMyRequestResponse, status = 201): string {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().id as string;
}

async function setUp(): Promise<Scene> {
  const user = await createTestUser(t, 'investigator');
  const member = await login(t, user.email);
  const db = t.database.db;
  const groupId = await insertGroup(db, [user.id]);
  const [caseId, otherCaseId, linkedCaseId] = [
    await insertCase(db, user.originatorId, { groupId }),
    await insertCase(db, user.originatorId, { groupId }),
    await insertCase(db, user.originatorId, { groupId }),
  ];
  expect((await member.post(`/api/cases/${caseId}/links`, { caseId: linkedCaseId })).statusCode).toBe(201);
  const identifier = () =>
    member.post('/api/identifiers', { type: 'email', data: { address: `${unique()}@example.com` } });
  const evidence = () => member.post('/api/evidence', { title: 'Chat', body: `Text ${unique()}`, caseId });
  const [identifierId, linkedIdentifierId] = [idOf(await identifier()), idOf(await identifier())];
  const [evidenceId, linkedEvidenceId] = [idOf(await evidence()), idOf(await evidence())];
  const entryId = idOf(
    await member.post('/api/journal-entries', {
      type: 'note',
      description: 'Called the bank',
      caseId,
      identifierIds: [linkedIdentifierId],
      evidence: [linkedEvidenceId],
    }),
  );
  const looseEntryId = idOf(
    await member.post('/api/journal-entries', { type: 'note', description: 'Not filed yet' }),
  );
  idOf(await member.post(`/api/evidence/${linkedEvidenceId}/identifiers/${linkedIdentifierId}`, {}), 200);
  const taskId = idOf(await member.post(`/api/cases/${caseId}/tasks`, { title: 'Ask the bank' }));
  return {
    member,
    memberId: user.id,
    groupId,
    caseId,
    otherCaseId,
    linkedCaseId,
    entryId,
    looseEntryId,
    evidenceId,
    identifierId,
    linkedIdentifierId,
    linkedEvidenceId,
    taskId,
  };
}

interface Write {
  label: string;
  send: (s: Scene) => Promise<LightMyRequestResponse>;
  /** Its answer once the member no longer sees the case: 404 for a case in the path, 400 in the body. */
  refused: number;
  /** Its answer once the case is archived (none: the write names no case that exists before it). */
  archived?: number;
}

const WRITES: Write[] = [
  {
    label: 'PATCH the case',
    send: (s) => s.member.patch(`/api/cases/${s.caseId}`, { title: 'Renamed by a leaver' }),
    refused: 404,
    archived: 409,
  },
  {
    label: 'bulk-update the case',
    send: (s) => s.member.post('/api/cases/bulk-update', { ids: [s.caseId], priority: 'high' }),
    refused: 400,
    archived: 409,
  },
  {
    label: 'open a case in the group',
    send: (s) => s.member.post('/api/cases', { title: 'Opened by a leaver', groupId: s.groupId }),
    refused: 400,
  },
  {
    label: 'record an entry in the case',
    send: (s) => s.member.post('/api/journal-entries', { type: 'note', description: 'x', caseId: s.caseId }),
    refused: 400,
    archived: 409,
  },
  {
    label: 'link an entry to the case',
    send: (s) => s.member.post(`/api/cases/${s.caseId}/journal-entries`, { journalEntryId: s.looseEntryId }),
    refused: 404,
    archived: 409,
  },
  {
    label: 'edit an entry',
    send: (s) => s.member.patch(`/api/journal-entries/${s.entryId}`, { description: 'Edited by a leaver' }),
    refused: 404,
    archived: 409,
  },
  {
    label: 'remove an entry',
    send: (s) =>
      s.member.post(`/api/journal-entries/${s.entryId}/remove`, { reason: 'Gone', caseId: s.caseId }),
    refused: 404,
    archived: 409,
  },
  {
    label: 'DELETE an entry',
    send: (s) => s.member.delete(`/api/journal-entries/${s.entryId}`, { reason: 'Gone' }),
    refused: 404,
    archived: 409,
  },
  {
    label: 'link evidence to an entry',
    send: (s) => s.member.post(`/api/journal-entries/${s.entryId}/evidence/${s.evidenceId}`, {}),
    refused: 404,
    archived: 409,
  },
  {
    label: 'unlink evidence from an entry',
    send: (s) => s.member.delete(`/api/journal-entries/${s.entryId}/evidence/${s.linkedEvidenceId}`),
    refused: 404,
    archived: 409,
  },
  {
    label: 'link an identifier to an entry',
    send: (s) => s.member.post(`/api/journal-entries/${s.entryId}/identifiers/${s.identifierId}`, {}),
    refused: 404,
    archived: 409,
  },
  {
    label: 'unlink an identifier from an entry',
    send: (s) => s.member.delete(`/api/journal-entries/${s.entryId}/identifiers/${s.linkedIdentifierId}`),
    refused: 404,
    archived: 409,
  },
  {
    label: 'add evidence to the case',
    send: (s) =>
      s.member.post('/api/evidence', { title: 'Chat', body: `Late ${unique()}`, caseId: s.caseId }),
    refused: 400,
    archived: 409,
  },
  {
    label: 'edit evidence',
    send: (s) => s.member.patch(`/api/evidence/${s.evidenceId}`, { title: 'Edited by a leaver' }),
    refused: 404,
    archived: 409,
  },
  {
    label: 'link an identifier to evidence',
    send: (s) => s.member.post(`/api/evidence/${s.evidenceId}/identifiers/${s.identifierId}`, {}),
    refused: 404,
    archived: 409,
  },
  {
    label: 'unlink an identifier from evidence',
    send: (s) => s.member.delete(`/api/evidence/${s.linkedEvidenceId}/identifiers/${s.linkedIdentifierId}`),
    refused: 404,
    archived: 409,
  },
  {
    label: 'link another case',
    send: (s) => s.member.post(`/api/cases/${s.caseId}/links`, { caseId: s.otherCaseId }),
    refused: 404,
    archived: 409,
  },
  {
    label: 'unlink a case',
    send: (s) => s.member.delete(`/api/cases/${s.caseId}/links/${s.linkedCaseId}`),
    refused: 404,
    archived: 409,
  },
  {
    label: 'add a task',
    send: (s) => s.member.post(`/api/cases/${s.caseId}/tasks`, { title: 'Added by a leaver' }),
    refused: 404,
    archived: 409,
  },
  {
    label: 'edit a task',
    send: (s) => s.member.patch(`/api/cases/${s.caseId}/tasks/${s.taskId}`, { title: 'Edited by a leaver' }),
    refused: 404,
    archived: 409,
  },
  {
    label: 'delete a task',
    send: (s) => s.member.delete(`/api/cases/${s.caseId}/tasks/${s.taskId}`),
    refused: 404,
    archived: 409,
  },
];

/** How many audit events the member's writes have recorded: every write above records one. */
async function eventsBy(memberId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from events where actor_user_id = ${memberId}`),
  );
  return row.n;
}

describe('the writes of a case, by a member who stays in its group', () => {
  for (const write of WRITES) {
    it(`go through: ${write.label}`, async () => {
      const scene = await setUp();
      const before = await eventsBy(scene.memberId);
      const res = await write.send(scene);
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(await eventsBy(scene.memberId)).toBeGreaterThan(before);
    });
  }
});

/**
 * A change of what a write relies on, made as the app makes it (under the row lock of the group, or of
 * the case), left uncommitted until the write waits for it.
 */
interface Change {
  label: string;
  make: (tx: Tx, s: Scene) => Promise<void>;
  /** The write's answer once the change committed; undefined: the write does not rely on it. */
  expected: (write: Write) => number | undefined;
}

const CHANGES: Change[] = [
  {
    label: 'its author removed from the case group',
    make: async (tx, s) => {
      await tx.execute(sql`select id from groups where id = ${s.groupId} for update`);
      await tx.execute(
        sql`delete from group_members where group_id = ${s.groupId} and user_id = ${s.memberId}`,
      );
    },
    expected: (write) => write.refused,
  },
  {
    label: 'the case moved to a group its author is not in',
    make: async (tx, s) => {
      const [group] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into groups (name) values (${`Elsewhere ${unique()}`}) returning id`),
      );
      await tx.execute(sql`select id from cases where id = ${s.caseId} for update`);
      await tx.execute(sql`update cases set group_id = ${group.id} where id = ${s.caseId}`);
    },
    expected: (write) => (write.archived === undefined ? undefined : write.refused),
  },
  {
    label: 'the case archived',
    make: async (tx, s) => {
      await tx.execute(sql`select id from cases where id = ${s.caseId} for update`);
      await tx.execute(sql`update cases set status = 'archived' where id = ${s.caseId}`);
    },
    expected: (write) => write.archived,
  },
];

for (const change of CHANGES) {
  describe(`a write of a case while ${change.label}`, () => {
    for (const write of WRITES) {
      it(`waits for it and is refused: ${write.label}`, async (ctx) => {
        const expected = change.expected(write);
        if (t.database.kind !== 'postgres' || expected === undefined) ctx.skip();
        const scene = await setUp();
        const before = await eventsBy(scene.memberId);
        let answer: Promise<LightMyRequestResponse> | undefined;
        let answered = false;
        let waited = false;
        await t.database.db.transaction(async (tx) => {
          await change.make(tx, scene);
          answer = write.send(scene).finally(() => {
            answered = true;
          });
          // Committed once the write waits on this transaction; a write that does not wait answers first.
          while (!answered) {
            const [waiting] = rowsOf<{ n: number }>(
              await tx.execute(sql`select count(*)::int as n from pg_locks
                where not granted and pid <> pg_backend_pid()
                  and locktype = 'transactionid'
                  and transactionid = (select backend_xid from pg_stat_activity where pid = pg_backend_pid())`),
            );
            if (waiting.n > 0) {
              waited = true;
              break;
            }
          }
        });
        const res = await answer!;
        expect({ waited, status: res.statusCode }, res.body).toEqual({ waited: true, status: expected });
        expect(await eventsBy(scene.memberId)).toBe(before);
      });
    }
  });
}
