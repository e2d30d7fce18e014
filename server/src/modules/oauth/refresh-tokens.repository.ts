import { and, eq, gt, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshTokens, sessions, users } from '../../db/schema/index';

export async function insertRefreshToken(db: DbOrTx, tokenHash: string, sessionId: string): Promise<void> {
  await db.insert(refreshTokens).values({ tokenHash, sessionId });
}

/**
 * The refresh token of a hash with its session's client and user, locked until the transaction ends,
 * so that of two refreshes with one token the second waits and then finds it used.
 */
export async function findRefreshTokenForUpdate(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      sessionId: refreshTokens.sessionId,
      usedAt: refreshTokens.usedAt,
      clientId: sessions.clientId,
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
      permissions: sessions.permissions,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update', { of: refreshTokens })
    .limit(1);
  return row;
}

export async function markRefreshTokenUsed(db: DbOrTx, tokenHash: string, now: Date): Promise<void> {
  await db.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.tokenHash, tokenHash));
}

/**
 * Gives a device sign-in's session a new access token, accepted until `accessUntil` or the session's
 * own expiry, whichever comes first; its idle time starts again. Only a session still open takes one:
 * not revoked, before its expiry, used since `idleSince`, of an enabled user. Answers when the access
 * token and the session end.
 */
export async function renewDeviceAccess(
  db: DbOrTx,
  sessionId: string,
  values: { tokenHash: string; now: Date; accessUntil: Date; idleSince: Date },
): Promise<{ expiresAt: Date; accessExpiresAt: Date } | undefined> {
  const [row] = await db
    .update(sessions)
    .set({
      tokenHash: values.tokenHash,
      lastSeenAt: values.now,
      accessExpiresAt: sql`least(${values.accessUntil.toISOString()}::timestamptz, ${sessions.expiresAt})`,
    })
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        isNotNull(sessions.clientId),
        gt(sessions.expiresAt, values.now),
        gte(sessions.lastSeenAt, values.idleSince),
        sql`exists (select 1 from ${users} where ${users.id} = ${sessions.userId} and not ${users.disabled})`,
      ),
    )
    .returning({ expiresAt: sessions.expiresAt, accessExpiresAt: sessions.accessExpiresAt });
  return row && { expiresAt: row.expiresAt, accessExpiresAt: row.accessExpiresAt! };
}
