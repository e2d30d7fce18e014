import type { UpdateUserBody, User } from '@scamtrail/domain/auth';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/sql/arrays';
import { buildTestApp, createTestUser, login, type Client, type TestApp } from '../../../test/helpers';
import type { UserPrincipal } from '../auth/principal';
import { changeUser, getUser, LAST_ADMINISTRATOR_MESSAGE } from './users.service';

/**
 * At least one active administrator (role admin, not disabled) remains, whatever route changes an
 * account: the users' and the team members' (by user id and by originator id). One's own account is
 * refused before (400), so a single request by an active administrator never reaches the last one;
 * two administrators taking each other away at once did, each checked before the other committed.
 * The rule is decided under the active administrators' row locks in the change's transaction: the
 * second waits for the first and is refused (409 naming the field). The race needs PostgreSQL (PGlite
 * runs one transaction at a time, so nothing can wait there); the rule itself is checked on both,
 * through the service with an actor who is no longer an administrator, as the waiting one is once
 * the other change commits.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The principal of a signed-in person holding everything: the actor of a change in the test's hands. */
function personActingAs(user: User, role: UserPrincipal['role'] = user.role): UserPrincipal {
  return {
    kind: 'user',
    userId: user.id,
    sessionId: 'not used',
    originatorId: user.originatorId,
    role,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    permissions: ['*'],
  };
}

/** Ids of the accounts that are active administrators now, sorted. */
async function activeAdministrators(): Promise<string[]> {
  return rowsOf<{ id: string }>(
    await t.database.db.execute(sql`select id from users where role = 'admin' and not disabled order by id`),
  ).map((row) => row.id);
}

/**
 * Two administrators, the only active ones: every other administrator the file made is demoted
 * first, so each test starts from the state it names.
 */
async function twoAdministrators() {
  const first = await createTestUser(t, 'admin');
  const second = await createTestUser(t, 'admin');
  await t.database.db.execute(
    sql`update users set role = 'viewer'
      where role = 'admin' and id not in (${first.id}, ${second.id})`,
  );
  return { first, second };
}

/** Every route that can take an administrator away, as the administrator `by` sends it for `target`. */
interface Removal {
  label: string;
  field: 'role' | 'disabled';
  send: (by: Client, target: User) => Promise<LightMyRequestResponse>;
}

const REMOVALS: Removal[] = [
  {
    label: 'PATCH /api/users/{id} role',
    field: 'role',
    send: (by, target) => by.patch(`/api/users/${target.id}`, { role: 'investigator' }),
  },
  {
    label: 'PATCH /api/users/{id} disabled',
    field: 'disabled',
    send: (by, target) => by.patch(`/api/users/${target.id}`, { disabled: true }),
  },
  {
    label: 'PATCH /api/team-members/{id} role',
    field: 'role',
    send: (by, target) => by.patch(`/api/team-members/${target.id}`, { role: 'viewer' }),
  },
  {
    label: 'POST /api/team-members/{id}/disable',
    field: 'disabled',
    send: (by, target) => by.post(`/api/team-members/${target.id}/disable`),
  },
  {
    label: 'PATCH /api/originators/team-members/{id} role',
    field: 'role',
    send: (by, target) =>
      by.patch(`/api/originators/team-members/${target.originatorId}`, { role: 'viewer' }),
  },
  {
    label: 'POST /api/originators/team-members/{id}/deactivate',
    field: 'disabled',
    send: (by, target) => by.post(`/api/originators/team-members/${target.originatorId}/deactivate`),
  },
];

describe('the last active administrator', () => {
  const takingAway: [string, UpdateUserBody, 'role' | 'disabled'][] = [
    ['demoted to investigator', { role: 'investigator' }, 'role'],
    ['demoted to viewer', { role: 'viewer' }, 'role'],
    ['disabled', { disabled: true }, 'disabled'],
    ['demoted and disabled', { role: 'viewer', disabled: true }, 'disabled'],
  ];
  for (const [label, change, field] of takingAway) {
    it(`is not ${label}: 409 naming ${field}, nothing changed`, async () => {
      const { first, second } = await twoAdministrators();
      // The second is disabled: an administrator, but not an active one, so it does not count.
      await t.database.db.execute(sql`update users set disabled = true where id = ${second.id}`);
      // An actor holding everything who is no administrator now: as a request that passed its checks
      // while its author was one, and reaches the change after another change demoted them.
      const actor = personActingAs(await createTestUser(t, 'viewer'));
      const before = await getUser(t.database.db, first.id);
      await expect(changeUser(t.database.db, first.id, change, actor, t.config)).rejects.toMatchObject({
        code: 'CONFLICT',
        message: LAST_ADMINISTRATOR_MESSAGE,
        details: { fields: [{ field, message: LAST_ADMINISTRATOR_MESSAGE }] },
      });
      expect(await getUser(t.database.db, first.id)).toEqual(before);
      expect(await activeAdministrators()).toEqual([first.id]);
    });
  }

  it('may still be renamed, given a new password or kept an administrator', async () => {
    const { first, second } = await twoAdministrators();
    await t.database.db.execute(sql`update users set disabled = true where id = ${second.id}`);
    const actor = personActingAs(await createTestUser(t, 'viewer'));
    await expect(
      changeUser(
        t.database.db,
        first.id,
        { firstName: 'Renamed', role: 'admin', disabled: false },
        actor,
        t.config,
      ),
    ).resolves.toMatchObject({ firstName: 'Renamed', role: 'admin', disabled: false });
    await expect(
      changeUser(t.database.db, first.id, { password: 'a new password for the last one' }, actor, t.config),
    ).resolves.toMatchObject({ role: 'admin' });
    // A disabled administrator is demoted freely: it takes no active one away.
    await expect(
      changeUser(t.database.db, second.id, { role: 'viewer' }, actor, t.config),
    ).resolves.toMatchObject({
      role: 'viewer',
    });
    expect(await activeAdministrators()).toEqual([first.id]);
  });

  for (const removal of REMOVALS) {
    it(`is kept by ${removal.label} for another administrator while one remains`, async () => {
      const { first, second } = await twoAdministrators();
      const res = await removal.send(await login(t, first.email), second);
      expect(res.statusCode, res.body).toBe(200);
      expect(await activeAdministrators()).toEqual([first.id]);
      // And the one left cannot take themself away (400, decided before any lock).
      const own = await removal.send(await login(t, first.email), first);
      expect(own.statusCode, own.body).toBe(400);
      expect(own.json().error.details.fields[0].field).toBe(removal.field);
      expect(await activeAdministrators()).toEqual([first.id]);
    });
  }
});

describe('two administrators taking each other away at once', () => {
  /**
   * `first` takes `second` away through the service in a transaction the test holds open until
   * `second`'s request (through `removal`) waits on its locks; then it commits.
   */
  async function race(removal: Removal, change: UpdateUserBody) {
    const { first, second } = await twoAdministrators();
    const secondClient = await login(t, second.email);
    let answer: Promise<LightMyRequestResponse> | undefined;
    await t.database.db.transaction(async (tx) => {
      await changeUser(tx, second.id, change, personActingAs(first), t.config);
      let settled = false;
      answer = removal.send(secondClient, first).finally(() => {
        settled = true;
      });
      // Committed only once the second's change waits on a lock this transaction holds (or, were the
      // rule decided under no lock, once it has answered without waiting).
      while (!settled) {
        const [waiting] = rowsOf<{ n: number }>(
          await tx.execute(sql`select count(*)::int as n from pg_locks
            where not granted and pid <> pg_backend_pid()
              and locktype = 'transactionid'
              and transactionid = (select backend_xid from pg_stat_activity where pid = pg_backend_pid())`),
        );
        if (waiting.n > 0) break;
      }
    });
    return { first, second, res: await answer! };
  }

  REMOVALS.forEach((removal, index) => {
    const change: UpdateUserBody = index % 2 === 0 ? { disabled: true } : { role: 'investigator' };
    it(`the later one is refused: ${removal.label}, after ${JSON.stringify(change)}`, async (ctx) => {
      if (t.database.kind !== 'postgres') ctx.skip();
      const { first, res } = await race(removal, change);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(LAST_ADMINISTRATOR_MESSAGE);
      expect(res.json().error.details.fields[0].field).toBe(removal.field);
      expect(await activeAdministrators()).toEqual([first.id]);
      expect((await getUser(t.database.db, first.id)).role).toBe('admin');
    });
  });

  it('both sent through the routes: exactly one goes through, one administrator remains', async () => {
    const { first, second } = await twoAdministrators();
    const [a, b] = [await login(t, first.email), await login(t, second.email)];
    const answers = await Promise.all([
      a.patch(`/api/users/${second.id}`, { role: 'viewer' }),
      b.post(`/api/team-members/${first.id}/disable`),
    ]);
    const statuses = answers.map((res) => res.statusCode);
    // On PGlite one runs after the other: the second's author was signed out by the first (401), or
    // reached the change as no administrator; on PostgreSQL the second waits and is refused (409).
    expect(
      statuses.filter((status) => status === 200),
      JSON.stringify(statuses),
    ).toHaveLength(1);
    expect(statuses.every((status) => [200, 401, 403, 409].includes(status))).toBe(true);
    const remaining = await activeAdministrators();
    expect(remaining).toHaveLength(1);
    expect([first.id, second.id]).toContain(remaining[0]);
  });
});
