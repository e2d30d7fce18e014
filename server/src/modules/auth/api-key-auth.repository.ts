import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hasPermission, permissionsForRole } from '@scamtrail/domain/permissions';
import { apiKeys, originators, users } from '../../db/schema/index';
import { API_KEY_PREFIX, sha256Hex } from '../../lib/tokens';
import type { ApiKeyPrincipal } from '../../plugins/auth';

/** Last-use bookkeeping is written at most this often per key, to keep hot keys from writing per request. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Finds the principal of a live API key (not revoked, not expired, automation active, creator still
 * enabled) and records its use. Unknown, revoked or expired keys give null. The key's permissions are
 * its scopes as far as its creator holds them now: a creator demoted to viewer takes their keys'
 * write scopes with them, and a disabled (or deleted) creator's keys stop working.
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
      creatorId: users.id,
      creatorRole: users.role,
    })
    .from(apiKeys)
    .innerJoin(originators, eq(originators.id, apiKeys.automationId))
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(
      and(
        eq(apiKeys.secretHash, sha256Hex(key)),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
        eq(originators.type, 'automation'),
        eq(originators.active, true),
        eq(users.disabled, false),
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
  const held = permissionsForRole(row.creatorRole);
  return {
    kind: 'api_key',
    apiKeyId: row.id,
    originatorId: row.automationId,
    creatorUserId: row.creatorId,
    permissions: row.scopes.filter((scope) => hasPermission(held, scope)),
  };
}
