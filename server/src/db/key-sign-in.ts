import { and, gt, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { apiKeys, sessions } from './schema/index';

/**
 * Whether an API key (`api_keys`, or an alias of it) is neither revoked nor expired at `at`: by its own
 * dates only (its creator, automation and device sign-in are checked beside it: `signInStillWorks`).
 * Where keys are authenticated, feed a webhook, hold their name, and end with their sign-in.
 */
export function keyLiveAt(key: { revokedAt: AnyColumn; expiresAt: AnyColumn }, at: SQL | Date): SQL {
  return and(isNull(key.revokedAt), or(isNull(key.expiresAt), gt(key.expiresAt, at)))!;
}

/**
 * When a session row's sign-in ended as of `now`, or null while it works: the first of its revocation
 * (signing out, from the sessions list, by a change of the account, a refresh token reused), its
 * absolute expiry, and the moment it went idle (its last use plus the idle limit; `idleSince` is a
 * device sign-in's idle limit before `now`). Written down or not: an idle or absolute expiry is read
 * here, and a revocation written after it (the account changed days later) does not move it.
 */
function endedAt(now: SQL, idleSince: SQL): SQL {
  return sql`least(
    ${sessions.revokedAt},
    case when ${sessions.expiresAt} <= ${now} then ${sessions.expiresAt} end,
    case when ${sessions.lastSeenAt} < ${idleSince}
      then ${sessions.lastSeenAt} + (${now} - ${idleSince}) end
  )`;
}

/**
 * Whether the sign-in of `sessionId` (an `api_keys.session_id` column; null: a key made in the browser,
 * tied to none) still works at `now`: its row is there and it has not ended (`endedAt`). A key made with
 * a device sign-in's token, or minted from one, is live only while this holds: where keys are
 * authenticated (modules/auth, `findApiKeyPrincipal`) and where their grants feed a webhook
 * (modules/webhooks, `heldForDelivery`), both with the idle limit (`idleSince`: `now` less
 * DEVICE_SESSION_IDLE_HOURS), so a webhook is fed by exactly the keys that would authenticate now. The
 * user's own state (disabled) is the key's creator's, checked with the key.
 */
export function signInStillWorks(sessionId: AnyColumn, now: SQL, idleSince: SQL): SQL {
  return sql`(${sessionId} is null or exists (select 1 from ${sessions}
    where ${sessions.id} = ${sessionId} and ${endedAt(now, idleSince)} is null))`;
}

/** A time as the driver answers a computed column (a string, or a Date), or null: a Date or null. */
export const timeOrNull = (value: string | Date | null): Date | null =>
  value === null ? null : new Date(value);

/**
 * When the sign-in of `sessionId` ended (`endedAt`, the idle limit read), or null while it works or for
 * a key of no sign-in: what the key list shows, as `signInStillWorks` decides it.
 */
export function signInEndedAt(sessionId: AnyColumn, now: SQL, idleSince: SQL): SQL<Date | null> {
  return sql<Date | null>`(select ${endedAt(now, idleSince)} from ${sessions}
    where ${sessions.id} = ${sessionId})`.mapWith(timeOrNull);
}

/**
 * Revokes, at `at`, the keys still live (not revoked, not expired) made with one of these sign-ins or
 * minted from such a key (`api_keys.session_id`): the sign-ins are ending now (`endSignIns`,
 * modules/auth/sign-in-end.ts). Answers those it revoked.
 */
export async function revokeKeysOfSignIns(
  db: DbOrTx,
  sessionIds: readonly string[],
  at: Date,
): Promise<{ id: string; automationId: string; prefix: string; sessionId: string }[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(inArray(apiKeys.sessionId, [...sessionIds]), keyLiveAt(apiKeys, at)))
    .returning({
      id: apiKeys.id,
      automationId: apiKeys.automationId,
      prefix: apiKeys.prefix,
      sessionId: apiKeys.sessionId,
    });
  return rows.map((row) => ({ ...row, sessionId: row.sessionId! }));
}
