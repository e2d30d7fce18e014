import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deviceAuthorizations } from '../../db/schema/index';

export type DeviceAuthorizationRow = typeof deviceAuthorizations.$inferSelect;

/** Inserts a request; answers undefined when its user code is taken (the caller draws another). */
export async function insertDeviceAuthorization(
  db: DbOrTx,
  values: {
    deviceCodeHash: string;
    userCodeHash: string;
    clientId: string;
    scope: string[] | null;
    ip?: string;
    userAgent?: string;
    expiresAt: Date;
    intervalSeconds: number;
  },
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .insert(deviceAuthorizations)
    .values(values)
    .onConflictDoNothing({ target: deviceAuthorizations.userCodeHash })
    .returning({ id: deviceAuthorizations.id });
  return row;
}

/** Requests from one address still waiting for their user. */
export async function countPendingFromAddress(db: DbOrTx, ip: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(deviceAuthorizations)
    .where(
      and(
        eq(deviceAuthorizations.ip, ip),
        eq(deviceAuthorizations.status, 'pending'),
        gt(deviceAuthorizations.expiresAt, now),
      ),
    );
  return row?.n ?? 0;
}

/** Forgets requests that expired before `before` (kept a while, so a late poll hears expired_token). */
export async function deleteExpiredDeviceAuthorizations(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(deviceAuthorizations).where(lt(deviceAuthorizations.expiresAt, before));
}

export async function findByDeviceCodeHash(
  db: DbOrTx,
  deviceCodeHash: string,
): Promise<DeviceAuthorizationRow | undefined> {
  const [row] = await db
    .select()
    .from(deviceAuthorizations)
    .where(eq(deviceAuthorizations.deviceCodeHash, deviceCodeHash))
    .limit(1);
  return row;
}

/** The request of a user code while it waits for its user (pending and not expired). */
export async function findPendingByUserCodeHash(
  db: DbOrTx,
  userCodeHash: string,
  now: Date,
): Promise<DeviceAuthorizationRow | undefined> {
  const [row] = await db
    .select()
    .from(deviceAuthorizations)
    .where(
      and(
        eq(deviceAuthorizations.userCodeHash, userCodeHash),
        eq(deviceAuthorizations.status, 'pending'),
        gt(deviceAuthorizations.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Records a poll at `now`; when it came sooner than the interval after the previous one, the interval
 * grows by 5 seconds (RFC 8628 §3.5 slow_down). Answers the interval now.
 */
export async function recordPoll(db: DbOrTx, id: string, now: Date): Promise<number | undefined> {
  const tooSoon = sql`(${deviceAuthorizations.lastPolledAt} is not null and ${deviceAuthorizations.lastPolledAt}
    > ${now.toISOString()}::timestamptz - make_interval(secs => ${deviceAuthorizations.intervalSeconds}))`;
  // The comparison reads the row as it was before this update, in the same statement.
  const [row] = await db
    .update(deviceAuthorizations)
    .set({
      lastPolledAt: now,
      intervalSeconds: sql`case when ${tooSoon} then ${deviceAuthorizations.intervalSeconds} + 5
        else ${deviceAuthorizations.intervalSeconds} end`,
    })
    .where(eq(deviceAuthorizations.id, id))
    .returning({ intervalSeconds: deviceAuthorizations.intervalSeconds });
  return row?.intervalSeconds;
}

/**
 * Decides a waiting request: moves it from pending to `status` for `userId`, only while it is pending
 * and not expired, so two decisions cannot both win. Answers the request as decided.
 */
export async function decidePending(
  db: DbOrTx,
  userCodeHash: string,
  decision: { status: 'approved' | 'denied'; userId: string; now: Date },
): Promise<DeviceAuthorizationRow | undefined> {
  const [row] = await db
    .update(deviceAuthorizations)
    .set({ status: decision.status, userId: decision.userId, decidedAt: decision.now })
    .where(
      and(
        eq(deviceAuthorizations.userCodeHash, userCodeHash),
        eq(deviceAuthorizations.status, 'pending'),
        gt(deviceAuthorizations.expiresAt, decision.now),
      ),
    )
    .returning();
  return row;
}

export async function setDeviceAuthorizationSession(
  db: DbOrTx,
  id: string,
  sessionId: string,
): Promise<void> {
  await db.update(deviceAuthorizations).set({ sessionId }).where(eq(deviceAuthorizations.id, id));
}

/**
 * Marks an approved request exchanged, once: of two polls at the same moment only one moves it from
 * approved, and only that one is given the token. Answers its session, or undefined for the loser.
 */
export async function markExchanged(
  db: DbOrTx,
  id: string,
): Promise<{ sessionId: string | null } | undefined> {
  const [row] = await db
    .update(deviceAuthorizations)
    .set({ status: 'exchanged' })
    .where(and(eq(deviceAuthorizations.id, id), eq(deviceAuthorizations.status, 'approved')))
    .returning({ sessionId: deviceAuthorizations.sessionId });
  return row;
}
