import { and, count, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { keyLiveAt, signInEndedAt } from '../../db/key-sign-in';
import { apiKeys, originators, sessions } from '../../db/schema/index';
import { rowsOf } from '../../db/sql/arrays';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(
  db: DbOrTx,
  values: Omit<typeof apiKeys.$inferInsert, 'id' | 'createdAt' | 'lastUsedAt' | 'revokedAt'>,
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row;
}

/**
 * Holds the automation's row until the transaction ends, so that its keys are created one at a time:
 * two requests cannot both find a name free and both take it.
 */
export async function lockAutomationKeys(tx: DbOrTx, automationId: string): Promise<void> {
  await tx
    .select({ id: originators.id })
    .from(originators)
    .where(eq(originators.id, automationId))
    .for('update');
}

/** Whether the automation has a key of this name, in any case, that is neither revoked nor expired. */
export async function hasLiveKeyNamed(db: DbOrTx, automationId: string, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.automationId, automationId),
        keyLiveAt(apiKeys, sql`now()`),
        sql`lower(${apiKeys.name}) = lower(${name})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** One page of an automation's keys, newest first, and their total; each with when its sign-in ended. */
export async function listApiKeyRows(
  db: DbOrTx,
  automationId: string,
  page: { page: number; pageSize: number },
  at: { now: Date; deviceIdleMs: number },
): Promise<{ rows: (ApiKeyRow & { signInEndedAt: Date | null })[]; total: number }> {
  const where = eq(apiKeys.automationId, automationId);
  const rows = await db
    .select({
      ...getTableColumns(apiKeys),
      // The key stops with its device sign-in (db/key-sign-in.ts); the list says when.
      signInEndedAt: signInEndedAt(
        apiKeys.sessionId,
        sql`${at.now.toISOString()}::timestamptz`,
        sql`${new Date(at.now.getTime() - at.deviceIdleMs).toISOString()}::timestamptz`,
      ),
    })
    .from(apiKeys)
    .where(where)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [{ n }] = await db.select({ n: count() }).from(apiKeys).where(where);
  return { rows, total: n };
}

export async function findApiKeyRow(
  db: DbOrTx,
  automationId: string,
  keyId: string,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.automationId, automationId)))
    .limit(1);
  return row;
}

/**
 * Revokes, at `at`, every live key minted from this one, however far down (a key minted by a key minted
 * by it); answers those it revoked, each with the key that minted it.
 */
export async function revokeMintedKeyRows(
  db: DbOrTx,
  keyId: string,
  at: Date,
): Promise<{ id: string; prefix: string; mintedBy: string }[]> {
  const result = await db.execute(sql`
    with recursive minted(id) as (
      select k.id from api_keys k where k.minted_by = ${keyId}::uuid
      union
      select k.id from api_keys k join minted m on k.minted_by = m.id
    )
    update api_keys k set revoked_at = ${at.toISOString()}::timestamptz
    from minted m
    where k.id = m.id and k.revoked_at is null
    returning k.id, k.prefix, k.minted_by as "mintedBy"`);
  return rowsOf<{ id: string; prefix: string; mintedBy: string }>(result);
}

/** Marks the key revoked unless it already is; answers the row when this call revoked it. */
export async function revokeApiKeyRow(db: DbOrTx, keyId: string, at: Date): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .returning();
  return row;
}

/** When a session ends at the latest (its absolute expiry), or undefined once it is revoked or gone. */
export async function findLiveSessionExpiry(db: DbOrTx, sessionId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  return row?.expiresAt;
}
