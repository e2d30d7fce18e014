import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/sql/arrays';
import {
  buildTestApp,
  createTestUser,
  login,
  signedIn,
  type Client,
  type TestApp,
} from '../../../test/helpers';
import { unique } from '../../../test/originator-helpers';
import { NOT_A_MEMBER_MESSAGE } from './group.preconditions';

/**
 * Who may change a group (its members and administrators) is decided under the group's row lock, the
 * lock every change of the group and of its members takes. A member removed while their own change
 * waits for that lock must be refused once it is theirs: decided before it, on the membership read
 * before the removal committed, the change went through, and a new member list put them back in the
 * group whose cases they had just lost. Every route that changes a group, in turn. On PostgreSQL only:
 * PGlite runs one transaction at a time, so nothing can wait there.
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

interface Race {
  label: string;
  send: (
    member: Client,
    groupId: string,
    memberId: string,
    otherId: string,
  ) => Promise<LightMyRequestResponse>;
}

const RACES: Race[] = [
  {
    label: 'PUT members (putting themselves back)',
    send: (member, groupId, memberId, otherId) =>
      member.put(`/api/groups/${groupId}/members`, { userIds: [memberId, otherId] }),
  },
  {
    label: 'POST a member',
    send: (member, groupId, _memberId, otherId) =>
      member.post(`/api/groups/${groupId}/members`, { userId: otherId }),
  },
  {
    label: 'DELETE a member',
    send: (member, groupId, _memberId, otherId) =>
      member.request({ method: 'DELETE', url: `/api/groups/${groupId}/members/${otherId}` }),
  },
  {
    label: 'PATCH the group',
    send: (member, groupId) => member.patch(`/api/groups/${groupId}`, { description: 'Changed by a leaver' }),
  },
  {
    label: 'DELETE the group',
    send: (member, groupId) => member.request({ method: 'DELETE', url: `/api/groups/${groupId}` }),
  },
];

/** The group as stored: its member ids (sorted), description, and whether it is still there. */
async function stored(groupId: string) {
  const members = rowsOf<{ user_id: string }>(
    await t.database.db.execute(
      sql`select user_id from group_members where group_id = ${groupId} order by user_id`,
    ),
  ).map((row) => row.user_id);
  const [group] = rowsOf<{ description: string }>(
    await t.database.db.execute(sql`select description from groups where id = ${groupId}`),
  );
  return { members, description: group?.description ?? null };
}

describe('a member removed while their change of the group waits for its lock', () => {
  for (const race of RACES) {
    it(`is refused: ${race.label}`, async (ctx) => {
      if (t.database.kind !== 'postgres') ctx.skip();
      const leaving = await createTestUser(t, 'investigator');
      const other = await createTestUser(t, 'investigator');
      const leaver = await login(t, leaving.email);
      const created = await admin.post('/api/groups', {
        name: unique('Desk'),
        description: 'As it was',
        userIds: [leaving.id, other.id],
      });
      expect(created.statusCode, created.body).toBe(201);
      const groupId = created.json().id as string;

      let answer: Promise<LightMyRequestResponse> | undefined;
      // An administrator's removal of the leaver, holding the group's lock as every member change does,
      // while the leaver's own change arrives and waits for it.
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from groups where id = ${groupId} for update`);
        await tx.execute(
          sql`delete from group_members where group_id = ${groupId} and user_id = ${leaving.id}`,
        );
        answer = race.send(leaver, groupId, leaving.id, other.id);
        // Committed only once the leaver's change waits on the lock this transaction holds.
        for (;;) {
          const [waiting] = rowsOf<{ n: number }>(
            await tx.execute(sql`select count(*)::int as n from pg_locks
              where not granted and pid <> pg_backend_pid()
                and locktype = 'transactionid'
                and transactionid = (select backend_xid from pg_stat_activity where pid = pg_backend_pid())`),
          );
          if (waiting.n > 0) break;
        }
      });
      const res = await answer!;
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.message).toBe(NOT_A_MEMBER_MESSAGE);
      expect(await stored(groupId)).toEqual({ members: [other.id], description: 'As it was' });
    });
  }
});
