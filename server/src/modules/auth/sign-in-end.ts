import { and, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { revokeKeysOfSignIns } from '../../db/key-sign-in';
import { sessions } from '../../db/schema/index';
import { recordEvent } from '../events/events.service';

/** Why a key was revoked without anyone revoking it: the sign-in it was made with ended. */
export const SIGN_IN_ENDED = 'sign_in_ended';

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
 * on purpose (signing out, revoked from the sessions list, signing out the others, a password changed
 * or set, a role changed, an account disabled, a refresh token reused). In the caller's transaction,
 * each API key made with a device sign-in that worked until now (or minted from such a key), still
 * live, is revoked at the same moment with an `api_key.revoked` event (`data.reason`
 * 'sign_in_ended', `data.sessionId`), so the key's history says when and why it stopped. A sign-in
 * that had already ended on its own (past its absolute expiry, or idle) ended its keys then, with no
 * write: the key list shows them revoked from that moment (`signInEndedAt`), and no event is made.
 * Answers the ids of the sessions ended.
 */
export async function endSignIns(db: DbOrTx, which: SQL | undefined, end: SignInEnd): Promise<string[]> {
  // Drizzle's `and()` answers undefined when given no condition: that would end every sign-in there is.
  if (!which) throw new Error('endSignIns needs a condition naming the sign-ins to end');
  const ended = await db
    .update(sessions)
    .set({ revokedAt: end.now })
    .where(and(which, isNull(sessions.revokedAt)))
    .returning({
      id: sessions.id,
      // Whether it worked until now: RETURNING sees the row as updated, revoked now, so `endedAt` of
      // db/key-sign-in.ts would answer this revocation; its expiry and idle terms are read here instead.
      working: sql<boolean>`(${sessions.clientId} is not null
        and ${sessions.expiresAt} > ${end.now.toISOString()}::timestamptz
        and ${sessions.lastSeenAt} >= ${end.deviceIdleSince.toISOString()}::timestamptz)`,
    });
  const working = ended.filter((row) => row.working).map((row) => row.id);
  for (const key of await revokeKeysOfSignIns(db, working, end.now)) {
    await recordEvent(db, {
      type: 'api_key.revoked',
      actorOriginatorId: end.actorOriginatorId,
      subjectType: 'api_key',
      subjectId: key.id,
      data: {
        automationId: key.automationId,
        prefix: key.prefix,
        sessionId: key.sessionId,
        reason: SIGN_IN_ENDED,
      },
    });
  }
  return ended.map((row) => row.id);
}
