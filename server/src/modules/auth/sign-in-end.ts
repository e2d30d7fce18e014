import { and, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { revokeKeysOfSignIns, timeOrNull } from '../../db/key-sign-in';
import { sessions } from '../../db/schema/index';
import { recordEvent } from '../events/events.service';

/**
 * Why a key was revoked without anyone revoking it (`api_key.revoked`, `data.reason`): the sign-in it
 * was made with was ended on purpose, or had ended on its own (past its absolute expiry, or idle past
 * DEVICE_SESSION_IDLE_HOURS) and is revoked now, its token presented again or its account changed.
 */
export const SIGN_IN_ENDED = 'sign_in_ended';
export const SIGN_IN_EXPIRED = 'sign_in_expired';
export const SIGN_IN_IDLE = 'sign_in_idle';

/** How sign-ins are ended: when, by whom, and a device sign-in's idle limit (DEVICE_SESSION_IDLE_HOURS). */
export interface SignInEnd {
  now: Date;
  /** A device sign-in not used since then had already ended, idle, and its keys with it. */
  deviceIdleSince: Date;
  /** Who ended them (the user signing out, an administrator changing the account), null: the system. */
  actorOriginatorId: string | null;
}

/**
 * `SignInEnd` as of now, for `limits`; or as of `at`, a moment the caller has already read the
 * sessions at (which of them still work), so that what it ends and what it read agree.
 */
export function signInEndNow(
  limits: { deviceSessionIdleMs: number },
  actorOriginatorId: string | null,
  at: Date = new Date(),
): SignInEnd {
  return {
    now: at,
    deviceIdleSince: new Date(at.getTime() - limits.deviceSessionIdleMs),
    actorOriginatorId,
  };
}

/**
 * Ends the sign-ins (sessions) matching `which` that are not revoked yet: the one place they are ended
 * (signing out, revoked from the sessions list, signing out the others, a password changed or set, a
 * role changed, an account disabled, a refresh token reused; and a token presented past its sign-in's
 * absolute expiry or idle limit, `resolveSession`). In the caller's transaction, each API key made
 * with a device sign-in (or minted from such a key) is revoked with an `api_key.revoked` event
 * (`data.reason`, `data.sessionId`), so the key's history says when and why it stopped: a sign-in
 * that worked until now ends its keys still live now ('sign_in_ended', by `end.actorOriginatorId`);
 * one that had already ended on its own ended its keys then, at its absolute expiry
 * ('sign_in_expired') or when it went idle ('sign_in_idle'), whichever came first, by no one (the
 * key list showed them revoked from that moment already, `signInEndedAt`). Answers the ids of the
 * sessions ended.
 */
export async function endSignIns(db: DbOrTx, which: SQL | undefined, end: SignInEnd): Promise<string[]> {
  // Drizzle's `and()` answers undefined when given no condition: that would end every sign-in there is.
  if (!which) throw new Error('endSignIns needs a condition naming the sign-ins to end');
  const now = sql`${end.now.toISOString()}::timestamptz`;
  const idleSince = sql`${end.deviceIdleSince.toISOString()}::timestamptz`;
  const ended = await db
    .update(sessions)
    .set({ revokedAt: end.now })
    .where(and(which, isNull(sessions.revokedAt)))
    .returning({
      id: sessions.id,
      device: sql<boolean>`${sessions.clientId} is not null`,
      // When it had ended on its own, if it had. RETURNING sees the row as updated, revoked now, so
      // `endedAt` of db/key-sign-in.ts would answer this revocation: its two other terms, read here.
      expiredAt: sql`case when ${sessions.expiresAt} <= ${now} then ${sessions.expiresAt} end`.mapWith(
        timeOrNull,
      ),
      idleAt: sql`case when ${sessions.lastSeenAt} < ${idleSince}
        then ${sessions.lastSeenAt} + (${now} - ${idleSince}) end`.mapWith(timeOrNull),
    });
  const devices = ended.filter((row) => row.device);
  const working = devices.filter((row) => !row.expiredAt && !row.idleAt).map((row) => row.id);
  await endKeysOfSignIns(db, working, end.now, SIGN_IN_ENDED, end.actorOriginatorId);
  for (const { id, expiredAt, idleAt } of devices) {
    if (expiredAt && (!idleAt || expiredAt <= idleAt)) {
      await endKeysOfSignIns(db, [id], expiredAt, SIGN_IN_EXPIRED, null);
    } else if (idleAt) {
      await endKeysOfSignIns(db, [id], idleAt, SIGN_IN_IDLE, null);
    }
  }
  return ended.map((row) => row.id);
}

/** Revokes, at `at`, the keys of these sign-ins live then, each with its `api_key.revoked` event. */
async function endKeysOfSignIns(
  db: DbOrTx,
  sessionIds: string[],
  at: Date,
  reason: string,
  actorOriginatorId: string | null,
): Promise<void> {
  for (const key of await revokeKeysOfSignIns(db, sessionIds, at)) {
    await recordEvent(db, {
      type: 'api_key.revoked',
      actorOriginatorId,
      subjectType: 'api_key',
      subjectId: key.id,
      data: { automationId: key.automationId, prefix: key.prefix, sessionId: key.sessionId, reason },
    });
  }
}
