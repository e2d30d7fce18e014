import { permissionsForRole } from '@scamtrail/domain/permissions';
import type { Session } from '@scamtrail/domain/passkeys';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { iso } from '../../lib/schemas';
import { randomToken, sha256Hex } from '../../lib/tokens';
import type { UserPrincipal } from './principal';
import { recordEvent } from '../events/events.service';
import { describeDevice } from './session-device';
import {
  findSessionWithUser,
  insertSession,
  listActiveSessions,
  revokeOwnSession,
  revokeSession,
} from './sessions.repository';

// What changing an account (modules/users) ends of its sessions.
export { revokeUserSessions } from './sessions.repository';

/** lastSeenAt is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionLimits {
  sessionIdleMs: number;
  sessionMaxMs: number;
}

/** Starts a session: a fresh random token (returned once, for the cookie), stored as its hash. */
export async function startSession(
  db: DbOrTx,
  userId: string,
  limits: SessionLimits,
  meta: { ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + limits.sessionMaxMs);
  await insertSession(db, { tokenHash: sha256Hex(token), userId, expiresAt, ...meta });
  return { token, expiresAt };
}

/**
 * The principal of a session token, or null when the session is unknown, revoked, past its absolute
 * or idle expiry, or its user is disabled (so disabling a user stops their sessions at once).
 */
export async function resolveSession(
  db: Db,
  token: string,
  limits: SessionLimits,
): Promise<UserPrincipal | null> {
  if (token.length > 100) return null;
  const now = Date.now();
  const row = await findSessionWithUser(db, sha256Hex(token), {
    now: new Date(now),
    idleSince: new Date(now - limits.sessionIdleMs),
    staleBefore: new Date(now - TOUCH_INTERVAL_MS),
  });
  if (!row || row.disabled) return null;
  // Past its expiry: the lookup revoked it.
  if (row.expiresAt <= now || row.lastSeenAt < now - limits.sessionIdleMs) return null;
  return {
    kind: 'user',
    userId: row.userId,
    sessionId: row.id,
    originatorId: row.originatorId,
    role: row.role,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    permissions: permissionsForRole(row.role),
  };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId);
}

/** The user's sessions that still work, newest first; `current` marks the one of this request. */
export async function listOwnSessions(
  db: Db,
  user: UserPrincipal,
  limits: SessionLimits,
): Promise<Session[]> {
  const now = Date.now();
  const rows = await listActiveSessions(db, user.userId, {
    now: new Date(now),
    idleSince: new Date(now - limits.sessionIdleMs),
  });
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    ip: row.ip,
    createdAt: iso(row.createdAt),
    lastSeenAt: iso(row.lastSeenAt),
    current: row.id === user.sessionId,
  }));
}

/**
 * Revokes one of the user's own sessions: it stops working at once. Another user's session, or one
 * already ended, is 404 like a missing one. Answers whether it was the session of this request.
 */
export async function revokeOwnSessionById(
  db: Db,
  user: UserPrincipal,
  sessionId: string,
): Promise<{ current: boolean }> {
  await db.transaction(async (tx) => {
    if (!(await revokeOwnSession(tx, user.userId, sessionId))) throw AppError.notFound('Session');
    await recordEvent(tx, {
      type: 'session.revoked',
      actorOriginatorId: user.originatorId,
      subjectType: 'session',
      subjectId: sessionId,
      data: { userId: user.userId },
    });
  });
  return { current: sessionId === user.sessionId };
}
