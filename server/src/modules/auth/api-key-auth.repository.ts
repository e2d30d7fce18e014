import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, originators } from '../../db/schema/index';
import { API_KEY_PREFIX, sha256Hex } from '../../lib/tokens';
import type { ApiKeyPrincipal } from '../../plugins/auth';

/** Last-use bookkeeping is written at most this often per key, to keep hot keys from writing per request. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Finds the principal of a live API key (not revoked, not expired, automation active) and records
 * its use. Unknown, revoked or expired keys give null.
 */
export async function findApiKeyPrincipal(db: Db, key: string): Promise<ApiKeyPrincipal | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
  const now = new Date();
  const [row] = await db
    .select({
      id: apiKeys.id,
      automationId: apiKeys.automationId,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .innerJoin(originators, eq(originators.id, apiKeys.automationId))
    .where(
      and(
        eq(apiKeys.secretHash, sha256Hex(key)),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
        eq(originators.type, 'automation'),
        eq(originators.active, true),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id));
    await db
      .update(originators)
      .set({ lastTriggered: sql`greatest(coalesce(${originators.lastTriggered}, ${now}), ${now})` })
      .where(eq(originators.id, row.automationId));
  }
  return { kind: 'api_key', apiKeyId: row.id, originatorId: row.automationId, permissions: row.scopes };
}
