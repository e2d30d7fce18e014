import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { sessions } from './schema/index';

/**
 * Whether the sign-in of `sessionId` (an `api_keys.session_id` column; null: a key made in the browser,
 * tied to none) still works at `now`: its row is there, not revoked, before its absolute expiry and
 * used since `idleSince` (a device sign-in's idle limit). A key made with a device sign-in's token, or
 * minted from one, is live only while this holds: where keys are authenticated (modules/auth,
 * `findApiKeyPrincipal`) and where their grants feed a webhook (modules/webhooks). Every way a sign-in
 * ends is read here: a revocation (signing out, from the sessions list, by a change of the account, a
 * refresh token reused), an idle or absolute expiry not yet written down, a deleted row. The user's
 * own state (disabled) is the key's creator's, checked with the key. Without `idleSince` the idle
 * limit is not read (webhook grants, which do not have the configuration).
 */
export function signInStillWorks(sessionId: AnyColumn, now: SQL, idleSince?: SQL): SQL {
  const seen = idleSince ? sql` and ${sessions.lastSeenAt} >= ${idleSince}` : sql``;
  return sql`(${sessionId} is null or exists (select 1 from ${sessions}
    where ${sessions.id} = ${sessionId} and ${sessions.revokedAt} is null
      and ${sessions.expiresAt} > ${now}${seen}))`;
}
