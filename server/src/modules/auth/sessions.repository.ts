import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { sessions, users } from '../../db/schema/index';

export async function insertSession(
  db: DbOrTx,
  values: { tokenHash: string; userId: string; expiresAt: Date; ip?: string; userAgent?: string },
) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return row;
}

/** The unrevoked session of a token hash, with its user. */
const sessionWithUser = preparedPerDatabase((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('session_with_user'),
);

export async function findSessionWithUser(db: DbOrTx, tokenHash: string) {
  const [row] = await sessionWithUser(db).execute({ tokenHash });
  return row;
}

export async function touchSession(db: DbOrTx, id: string, at: Date) {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}

export async function revokeSession(db: DbOrTx, id: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
}

export async function revokeUserSessions(db: DbOrTx, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
