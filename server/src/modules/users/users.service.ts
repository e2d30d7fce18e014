import type { CreateUserBody, UpdateUserBody, User } from '@scamtrail/domain/auth';
import { fullName } from '@scamtrail/domain/auth';
import { canGrantRole } from '@scamtrail/domain/permissions';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { assertCanGrantRole } from '../../lib/grants';
import { hashPassword } from '../../lib/password';
import { refuseStaleVersion, type IfMatch } from '../../lib/preconditions';
import type { UserPrincipal } from '../auth/principal';
import { revokeUserSessions } from '../auth/sessions.service';
import { signInEndNow } from '../auth/sign-in-end';
import { recordEvent } from '../events/events.service';
import {
  findUserByEmail,
  findUserById,
  insertUserWithOriginator,
  listUsers,
  lockAccountVersion,
  lockActiveAdministrators,
  updateUser,
  type UserRow,
} from './users.repository';

// What signing in and changing a password (modules/auth, passkeys) read and write of an account.
export { findUserByEmail, findUserById, setLastLoginAt, updateUser, type UserRow } from './users.repository';

/** The public shape of a user: never the password hash. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: fullName(row),
    role: row.role,
    disabled: row.disabled,
    originatorId: row.originatorId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getUsers(db: Db): Promise<User[]> {
  return (await listUsers(db)).map(toUser);
}

export async function getUser(db: Db, id: string): Promise<User> {
  const row = await findUserById(db, id);
  if (!row) throw AppError.notFound('User');
  return toUser(row);
}

function emailTaken(): AppError {
  return new AppError('CONFLICT', 'A user with this email already exists', {
    fields: [{ field: 'email', message: 'A user with this email already exists' }],
  });
}

/** Why one's own password is not set through an administrator's change of the account. */
export const OWN_PASSWORD_MESSAGE =
  'Change your own password from your profile: it needs your current password';

/**
 * Creates an account on behalf of a signed-in person, who must hold every permission of the role
 * given (nobody makes an account stronger than themself), with its `team_member.invited` event in the
 * same transaction: every route that makes an account (`/api/users`, `/api/team-members`,
 * `/api/originators/team-members`) is in the audit trail and the member's security activity.
 */
export async function createUserAs(db: Db, body: CreateUserBody, actor: UserPrincipal): Promise<User> {
  assertCanGrantRole(actor, body.role);
  if (await findUserByEmail(db, body.email)) throw emailTaken();
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const created = await createUserWithHash(tx, body, passwordHash);
    await recordEvent(tx, {
      type: 'team_member.invited',
      actorOriginatorId: actor.originatorId,
      subjectType: 'user',
      subjectId: created.id,
      // userId: the member's security activity lists it (events_account_user_idx).
      data: { userId: created.id, email: created.email, role: created.role },
    });
    return created;
  });
}

/** Why a change that would leave no active administrator is refused (409 naming `role` or `disabled`). */
export const LAST_ADMINISTRATOR_MESSAGE =
  'At least one active administrator must remain: this account is the last one';

/** Whether the change could take an administrator away: disabling, or giving a role other than admin. */
function takesAdministratorAway(changes: UpdateUserBody): boolean {
  return changes.disabled === true || (changes.role !== undefined && changes.role !== 'admin');
}

/** The audit event of an administrator's change of an account. */
function accountChangeEventType(changes: UpdateUserBody): string {
  if (changes.disabled === true) return 'team_member.disabled';
  if (changes.disabled === false) return 'team_member.enabled';
  return 'team_member.updated';
}

/** Creates an account with no grantor to check: bootstrap and tests; requests go through `createUserAs`. */
export async function createUser(db: Db, body: CreateUserBody): Promise<User> {
  if (await findUserByEmail(db, body.email)) throw emailTaken();
  return createUserWithHash(db, body, await hashPassword(body.password));
}

/**
 * `createUser` with the password already hashed: the test helpers make thousands of accounts with one
 * password, whose hash (a CPU's tens of milliseconds) they make once.
 */
export async function createUserWithHash(
  db: Db,
  body: Omit<CreateUserBody, 'password'>,
  passwordHash: string,
): Promise<User> {
  try {
    const row = await db.transaction((tx) =>
      insertUserWithOriginator(tx, {
        email: body.email.trim(),
        passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
        role: body.role,
      }),
    );
    return toUser(row);
  } catch (err) {
    // Two concurrent creates (or an address already taken): the unique index decides.
    if (await findUserByEmail(db, body.email)) throw emailTaken();
    throw err;
  }
}

/**
 * Updates names, role, disabled flag or password. Disabling a user, changing their role or resetting
 * their password revokes their sessions at once. An administrator cannot demote or disable themself,
 * so the system cannot be left without one by accident. The actor must hold every permission of the
 * account's role and of the role given: resetting a stronger account's password or disabling it would
 * be acting above oneself, and giving a role one does not hold would be granting it. At least one
 * active administrator always remains: a change that disables or demotes the last one is refused (409
 * naming the field), decided under the active administrators' row locks (`lockActiveAdministrators`)
 * in the change's transaction, so two administrators taking each other away at once cannot both
 * succeed. Nobody sets
 * their own password here (400 naming `password`): that needs the current one (`POST
 * /api/auth/password`), so a session left open is not enough to take the account. Every change is
 * recorded in the same transaction (`team_member.updated`, `.disabled` or `.enabled`, naming the
 * fields changed, never their values), whichever route made it.
 */
export async function changeUser(
  db: Db,
  id: string,
  body: UpdateUserBody,
  actor: UserPrincipal,
  /** A device sign-in's idle limit: what the sessions it ends had ended with already (`endSignIns`). */
  limits: { deviceSessionIdleMs: number },
  /** The versions the change was made from (If-Match), checked under the account's locks. */
  ifMatch?: IfMatch,
  /** The record as the caller names it in a refusal: "user" or "team member". */
  what = 'user',
): Promise<User> {
  const existing = await findUserById(db, id);
  if (!existing) throw AppError.notFound('User');
  if (!canGrantRole(actor.permissions, existing.role)) {
    throw AppError.forbidden('You cannot change an account whose role carries permissions you do not hold');
  }
  if (body.role) assertCanGrantRole(actor, body.role);
  if (id === actor.userId && (body.disabled === true || (body.role && body.role !== existing.role))) {
    throw new AppError('BAD_REQUEST', 'You cannot disable yourself or change your own role', {
      fields: [
        { field: body.disabled === true ? 'disabled' : 'role', message: 'Not allowed on your own account' },
      ],
    });
  }
  if (id === actor.userId && body.password !== undefined) {
    throw AppError.validation([{ field: 'password', message: OWN_PASSWORD_MESSAGE }], OWN_PASSWORD_MESSAGE);
  }
  const { password, ...rest } = body;
  const values = { ...rest, ...(password ? { passwordHash: await hashPassword(password) } : {}) };
  const row = await db.transaction(async (tx) => {
    // The administrators' rows before the account's own (which may be one of them): every change that
    // takes these locks takes them in the same order.
    const administrators = takesAdministratorAway(body) ? await lockActiveAdministrators(tx) : [];
    refuseStaleVersion(await lockAccountVersion(tx, id), ifMatch, what);
    if (administrators.length === 1 && administrators[0] === id) {
      const field = body.disabled === true ? 'disabled' : 'role';
      throw new AppError('CONFLICT', LAST_ADMINISTRATOR_MESSAGE, {
        fields: [{ field, message: LAST_ADMINISTRATOR_MESSAGE }],
      });
    }
    const updated = await updateUser(tx, id, values);
    const roleChanged = body.role !== undefined && body.role !== existing.role;
    if (body.disabled === true || roleChanged || password) {
      await revokeUserSessions(tx, id, signInEndNow(limits, actor.originatorId));
    }
    if (updated) {
      await recordEvent(tx, {
        type: accountChangeEventType(body),
        actorOriginatorId: actor.originatorId,
        subjectType: 'user',
        subjectId: id,
        // userId: the member's security activity lists it (events_account_user_idx).
        data: { userId: id, fields: Object.keys(body), ...(body.role ? { role: body.role } : {}) },
      });
    }
    return updated;
  });
  if (!row) throw AppError.notFound('User');
  return toUser(row);
}
