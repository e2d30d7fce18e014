import { hasPermission, permissionsForRole } from '@scamtrail/domain/permissions';
import type { SessionList, SessionListQuery } from '@scamtrail/domain/passkeys';
import { toPagination } from '@scamtrail/domain/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { iso } from '../../lib/schemas';
import { randomToken, sha256Hex } from '../../lib/tokens';
import type { UserPrincipal } from './principal';
import { recordEvent } from '../events/events.service';
import { clientDisplayName } from '@scamtrail/domain/device-authorization';
import { describeDevice } from './session-device';
import {
  findSessionWithUser,
  insertSession,
  listActiveSessionsPage,
  otherActiveSessions,
  ownSessionNamed,
  sessionNamed,
  sessionsOfUser,
} from './sessions.repository';
import { endSignIns, signInEndNow, type SignInEnd } from './sign-in-end';

/**
 * Ends every session of the user but `keepSessionId` (changing an account, modules/users; a password
 * changed), with the keys made with them (`endSignIns`).
 */
export async function revokeUserSessions(
  tx: DbOrTx,
  userId: string,
  end: SignInEnd,
  keepSessionId?: string,
): Promise<void> {
  await endSignIns(tx, sessionsOfUser(userId, keepSessionId), end);
}

/** lastSeenAt is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionLimits {
  sessionIdleMs: number;
  sessionMaxMs: number;
}

/** The limits of a device sign-in's session (modules/oauth), beside a browser's. */
export interface DeviceSessionLimits {
  deviceSessionIdleMs: number;
  deviceSessionMaxMs: number;
}

/**
 * Starts a session: a fresh random token (returned once, for the cookie), stored as its hash. Answers
 * the session's id too, which its sign-in event names.
 */
export async function startSession(
  db: DbOrTx,
  userId: string,
  limits: SessionLimits,
  meta: { ip?: string; userAgent?: string },
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + limits.sessionMaxMs);
  const { id } = await insertSession(db, { tokenHash: sha256Hex(token), userId, expiresAt, ...meta });
  return { id, token, expiresAt };
}

/**
 * Starts the session a device sign-in's client will open (modules/oauth), when its user approves it.
 * Its token is not known to anyone yet (a random hash): the client collects one at the token
 * endpoint (modules/oauth, `issueDeviceTokens`). Until then it is listed, and ended, like any other
 * of the user's sessions.
 */
export async function startDeviceSession(
  db: DbOrTx,
  values: {
    userId: string;
    clientId: string;
    permissions: string[] | null;
    ip?: string;
    userAgent?: string;
  },
  limits: DeviceSessionLimits,
): Promise<{ id: string }> {
  return insertSession(db, {
    ...values,
    tokenHash: sha256Hex(randomToken()),
    expiresAt: new Date(Date.now() + limits.deviceSessionMaxMs),
  });
}

/**
 * The principal of a session token, or null when the session is unknown, revoked, past its absolute
 * or idle expiry, or its user is disabled (so disabling a user stops their sessions at once). A
 * session found past its expiry is ended then (`endSignIns`).
 */
export async function resolveSession(
  db: Db,
  token: string,
  limits: SessionLimits & Pick<DeviceSessionLimits, 'deviceSessionIdleMs'>,
): Promise<UserPrincipal | null> {
  return resolveSessionOfKind(db, token, limits, limits.sessionIdleMs, false);
}

/**
 * The principal of a device sign-in's access token (sent as a Bearer header), as `resolveSession`
 * decides it, with its own idle limit; its permissions are the user's now, narrowed to those the
 * sign-in asked for.
 */
export async function resolveDeviceSession(
  db: Db,
  token: string,
  limits: DeviceSessionLimits,
): Promise<UserPrincipal | null> {
  return resolveSessionOfKind(db, token, limits, limits.deviceSessionIdleMs, true);
}

async function resolveSessionOfKind(
  db: Db,
  token: string,
  limits: Pick<DeviceSessionLimits, 'deviceSessionIdleMs'>,
  idleMs: number,
  bearer: boolean,
): Promise<UserPrincipal | null> {
  if (token.length > 100) return null;
  const now = Date.now();
  const row = await findSessionWithUser(
    db,
    sha256Hex(token),
    {
      now: new Date(now),
      idleSince: new Date(now - idleMs),
      staleBefore: new Date(now - TOUCH_INTERVAL_MS),
    },
    bearer,
  );
  if (!row) return null;
  if (row.expiresAt <= now || row.lastSeenAt < now - idleMs) {
    // Past its expiry, its token presented again: ended now, its keys as it ended them (expired or
    // idle, `endSignIns`). Only then: a live session costs the request no more than the lookup.
    const end = signInEndNow(limits, null, new Date(now));
    await db.transaction((tx) => endSignIns(tx, sessionNamed(row.id), end));
    return null;
  }
  if (row.disabled) return null;
  // A device's access token past its own expiry: refused, the session kept for its refresh token.
  if (row.accessExpiresAt !== null && row.accessExpiresAt <= now) return null;
  const held = permissionsForRole(row.role);
  return {
    kind: 'user',
    userId: row.userId,
    sessionId: row.id,
    originatorId: row.originatorId,
    role: row.role,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    permissions: row.permissions ? narrowPermissions(held, row.permissions) : held,
    ...(row.clientId ? { clientId: row.clientId } : {}),
  };
}

/** The permissions of `asked` that `held` covers now: a narrowed session never holds more than its user. */
export function narrowPermissions(held: readonly string[], asked: readonly string[]): string[] {
  return asked.filter((permission) => hasPermission(held, permission));
}

/** Ends one session (signing out with it), with the keys made with it (`endSignIns`). */
export async function endSession(
  db: Db,
  sessionId: string,
  limits: Pick<DeviceSessionLimits, 'deviceSessionIdleMs'>,
  actorOriginatorId: string | null,
): Promise<void> {
  await db.transaction((tx) => endSessionIn(tx, sessionId, signInEndNow(limits, actorOriginatorId)));
}

/** Ends one session in the caller's transaction (a refresh token reused, modules/oauth). */
export async function endSessionIn(tx: DbOrTx, sessionId: string, end: SignInEnd): Promise<void> {
  await endSignIns(tx, sessionNamed(sessionId), end);
}

/** What "still works" means now: before the absolute expiry, used within the idle limit of its kind. */
function activeSinceNow(limits: SessionLimits & DeviceSessionLimits) {
  const now = Date.now();
  return {
    now: new Date(now),
    idleSince: new Date(now - limits.sessionIdleMs),
    deviceIdleSince: new Date(now - limits.deviceSessionIdleMs),
  };
}

/** The security activity's record of the user signing one of their sessions out. */
function sessionRevoked(user: UserPrincipal, sessionId: string) {
  return {
    type: 'session.revoked',
    actorOriginatorId: user.originatorId,
    subjectType: 'session',
    subjectId: sessionId,
    data: { userId: user.userId },
  } as const;
}

/**
 * A page of the user's sessions that still work: the one of this request first (`current`), then the
 * newest first. `otherCount` counts the others on every page: what "sign out other sessions" ends.
 */
export async function listOwnSessions(
  db: Db,
  user: UserPrincipal,
  limits: SessionLimits & DeviceSessionLimits,
  query: SessionListQuery,
): Promise<SessionList> {
  const { rows, total, others } = await listActiveSessionsPage(
    db,
    user.userId,
    user.sessionId,
    activeSinceNow(limits),
    query,
  );
  return {
    data: rows.map((row) => ({
      id: row.id,
      // A device sign-in is named by its client ("Scamtrail command-line tool"), a browser by its agent.
      device: row.clientId ? clientDisplayName(row.clientId) : describeDevice(row.userAgent),
      ip: row.ip,
      createdAt: iso(row.createdAt),
      lastSeenAt: iso(row.lastSeenAt),
      current: row.id === user.sessionId,
    })),
    pagination: toPagination(query.page, query.pageSize, total),
    otherCount: others,
  };
}

/**
 * Revokes one of the user's own sessions: it stops working at once. Another user's session, or one
 * already ended, is 404 like a missing one. Answers whether it was the session of this request.
 */
export async function revokeOwnSessionById(
  db: Db,
  user: UserPrincipal,
  sessionId: string,
  limits: Pick<DeviceSessionLimits, 'deviceSessionIdleMs'>,
): Promise<{ current: boolean }> {
  await db.transaction(async (tx) => {
    const end = signInEndNow(limits, user.originatorId);
    const ended = await endSignIns(tx, ownSessionNamed(user.userId, sessionId), end);
    if (ended.length === 0) throw AppError.notFound('Session');
    await recordEvent(tx, sessionRevoked(user, sessionId));
  });
  return { current: sessionId === user.sessionId };
}

/**
 * Signs the user out everywhere but here: every other session that still works (as listed, device
 * sign-ins included) is revoked at once, each recorded as a single revocation is
 * (`session.revoked`, in the user's security activity). Answers how many were revoked.
 */
export async function revokeOtherOwnSessions(
  db: Db,
  user: UserPrincipal,
  limits: SessionLimits & DeviceSessionLimits,
): Promise<{ revoked: number }> {
  const revoked = await db.transaction(async (tx) => {
    const activeSince = activeSinceNow(limits);
    const end = signInEndNow(limits, user.originatorId, activeSince.now);
    const ids = await endSignIns(tx, otherActiveSessions(user.userId, user.sessionId, activeSince), end);
    for (const sessionId of ids) await recordEvent(tx, sessionRevoked(user, sessionId));
    return ids.length;
  });
  return { revoked };
}
