import { and, desc, eq, gt, isNull, ne, sql, type AnyColumn } from 'drizzle-orm';
import type { Role } from '@scamtrail/domain/permissions';
import type { DbOrTx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { sessions, users } from '../../db/schema/index';

export async function insertSession(
  db: DbOrTx,
  values: {
    tokenHash: string;
    userId: string;
    expiresAt: Date;
    ip?: string;
    userAgent?: string;
    /** A device sign-in's client and narrowed permissions (modules/oauth). */
    clientId?: string;
    permissions?: string[] | null;
  },
) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return row;
}

/**
 * The unrevoked session of a token hash, with its user, as it was before this request; in the same
 * statement the session is touched (lastSeenAt, at most once per `staleBefore` interval, for an
 * enabled user) while it is live. One round trip per request, and every request reads the session's
 * revocation from the database. One found past its absolute or idle expiry is left as it is: the
 * caller ends it (`endSignIns`, with its keys). `bearer` chooses the kind: a device sign-in's session
 * (its token sent as a Bearer header) or a browser's (the cookie); a token is never accepted as the
 * other.
 */
const sessionWithUser = preparedPerDatabase((db) => {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const bearerKind = sql`(${sessions.clientId} is not null) = ${sql.placeholder('bearer')}::boolean`;
  const live = sql`(${sessions.expiresAt} > ${now}
    and ${sessions.lastSeenAt} >= ${sql.placeholder('idleSince')}::timestamptz)`;
  const stale = sql`${sessions.lastSeenAt} < ${sql.placeholder('staleBefore')}::timestamptz`;
  const enabledUser = sql`exists (select 1 from ${users}
    where ${users.id} = ${sessions.userId} and not ${users.disabled})`;
  const touch = db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        bearerKind,
        live,
        stale,
        enabledUser,
      ),
    )
    .returning({ one: sql<number>`1` });
  // A data-modifying WITH runs whether or not the select reads it; the select sees the row before it.
  const touched = db.$with('touched', { one: sql<number>`1` }).as(touch.getSQL());
  // Epoch milliseconds, as a JavaScript Date holds them (the microseconds dropped).
  const epochMs = (column: AnyColumn) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;
  return (
    db
      .with(touched)
      // What a principal is made of, and nothing more, as one JSON value: every request reads it, and
      // one column costs node-postgres and Drizzle less than ten, typed and mapped one by one.
      .select({
        found: sql<FoundSession>`json_build_object('id', ${sessions.id},
          'expiresAt', ${epochMs(sessions.expiresAt)}, 'lastSeenAt', ${epochMs(sessions.lastSeenAt)},
          'userId', ${users.id}, 'originatorId', ${users.originatorId}, 'role', ${users.role},
          'email', ${users.email}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName},
          'disabled', ${users.disabled}, 'clientId', ${sessions.clientId},
          'permissions', ${sessions.permissions},
          'accessExpiresAt', ${epochMs(sessions.accessExpiresAt)})`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), bearerKind),
      )
      .limit(1)
      .prepare('session_with_user_touched')
  );
});

/** A session and its user, as the lookup reads them; times in epoch milliseconds. */
export interface FoundSession {
  id: string;
  expiresAt: number;
  lastSeenAt: number;
  userId: string;
  originatorId: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  disabled: boolean;
  clientId: string | null;
  permissions: string[] | null;
  /** When a device sign-in's access token stops being accepted (the session lives on); null: never. */
  accessExpiresAt: number | null;
}

/**
 * The unrevoked session of a token hash with its user, as it was before this lookup. The lookup
 * touches a live session last seen before `at.staleBefore`; one past its expiry (`expiresAt` reached,
 * or not seen since `at.idleSince`) is answered as it is, for the caller to end.
 */
export async function findSessionWithUser(
  db: DbOrTx,
  tokenHash: string,
  at: { now: Date; idleSince: Date; staleBefore: Date },
  bearer = false,
): Promise<FoundSession | undefined> {
  const [row] = await sessionWithUser(db).execute({
    tokenHash,
    bearer,
    now: at.now.toISOString(),
    idleSince: at.idleSince.toISOString(),
    staleBefore: at.staleBefore.toISOString(),
  });
  return row?.found;
}

/** The session `id` (for `endSignIns`, sign-in-end.ts, which ends those matching). */
export const sessionNamed = (id: string) => eq(sessions.id, id);

/** The user's session `id`, not another user's. */
export const ownSessionNamed = (userId: string, id: string) =>
  and(eq(sessions.id, id), eq(sessions.userId, userId));

/** Every session of the user, but `keepSessionId` (the one changing the password). */
export const sessionsOfUser = (userId: string, keepSessionId?: string) =>
  and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined);

/** A user's sessions that still work (see `listActiveSessions`). */
function activeSessionsOf(
  userId: string,
  activeSince: { now: Date; idleSince: Date; deviceIdleSince: Date },
) {
  return and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, activeSince.now),
    gt(
      sessions.lastSeenAt,
      sql`case when ${sessions.clientId} is null then ${activeSince.idleSince}::timestamptz
        else ${activeSince.deviceIdleSince}::timestamptz end`,
    ),
  );
}

/**
 * A page of a user's sessions that still work (not revoked, before their absolute expiry, used recently
 * enough: a device sign-in's since `deviceIdleSince`, a browser's since `idleSince`): `currentId`'s
 * first, then the newest first. With how many there are in all, and how many of them are not
 * `currentId`.
 */
export async function listActiveSessionsPage(
  db: DbOrTx,
  userId: string,
  currentId: string,
  activeSince: { now: Date; idleSince: Date; deviceIdleSince: Date },
  page: { page: number; pageSize: number },
) {
  const isCurrent = sql`${sessions.id} = ${currentId}::uuid`;
  const rows = await db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      clientId: sessions.clientId,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(activeSessionsOf(userId, activeSince))
    .orderBy(desc(isCurrent), desc(sessions.createdAt), desc(sessions.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      others: sql<number>`(count(*) filter (where not (${isCurrent})))::int`,
    })
    .from(sessions)
    .where(activeSessionsOf(userId, activeSince));
  return { rows, total: counts.total, others: counts.others };
}

/**
 * Every session of the user that still works (as listed) but `keepSessionId`. Those already ended
 * (revoked, expired, idle) are left as they are: no one can use them.
 */
export const otherActiveSessions = (
  userId: string,
  keepSessionId: string,
  activeSince: { now: Date; idleSince: Date; deviceIdleSince: Date },
) => and(activeSessionsOf(userId, activeSince), ne(sessions.id, keepSessionId));
