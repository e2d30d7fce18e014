import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { keyLiveAt, signInStillWorks } from '../../db/key-sign-in';
import { preparedPerDatabase } from '../../db/prepared';
import { apiKeyPermissions, permissionsForRole, WILDCARD } from '@scamtrail/domain/permissions';
import { apiKeys, originators, users } from '../../db/schema/index';
import { API_KEY_PREFIX, sha256Hex } from '../../lib/tokens';
import type { ApiKeyPrincipal } from './principal';

/** Last-use bookkeeping is written at most this often per key, to keep hot keys from writing per request. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The live key of a secret hash with its creator's role, and, in the same statement, the last use
 * of the key and of its automation recorded when the key's was older than `staleBefore`.
 */
const apiKeyWithCreator = preparedPerDatabase((db) => {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const live = db.$with('live_key').as(
    db
      .select({
        id: apiKeys.id,
        automationId: apiKeys.automationId,
        scopes: apiKeys.scopes,
        creatorId: sql<string>`${users.id}`.as('creator_id'),
        creatorRole: users.role,
      })
      .from(apiKeys)
      .innerJoin(originators, eq(originators.id, apiKeys.automationId))
      .innerJoin(users, eq(users.id, apiKeys.createdBy))
      .where(
        and(
          eq(apiKeys.secretHash, sql.placeholder('secretHash')),
          keyLiveAt(apiKeys, now),
          eq(originators.type, 'automation'),
          eq(originators.active, true),
          eq(users.disabled, false),
          // A key made with a device sign-in's token ends with that sign-in, however it ends.
          signInStillWorks(apiKeys.sessionId, now, sql`${sql.placeholder('deviceIdleSince')}::timestamptz`),
        ),
      )
      .limit(1),
  );
  const touchedKey = db.$with('touched_key', { automationId: apiKeys.automationId }).as(
    db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        sql`${apiKeys.id} = (select ${live.id} from ${live}) and (${apiKeys.lastUsedAt} is null
          or ${apiKeys.lastUsedAt} < ${sql.placeholder('staleBefore')}::timestamptz)`,
      )
      .returning({ automationId: apiKeys.automationId })
      .getSQL(),
  );
  const touchedAutomation = db.$with('touched_automation', { one: sql<number>`1` }).as(
    db
      .update(originators)
      .set({ lastTriggered: sql`greatest(coalesce(${originators.lastTriggered}, ${now}), ${now})` })
      .where(sql`${originators.id} in (select ${touchedKey.automationId} from ${touchedKey})`)
      .returning({ one: sql<number>`1` })
      .getSQL(),
  );
  return db.with(live, touchedKey, touchedAutomation).select().from(live).prepare('api_key_with_creator');
});

/**
 * Finds the principal of a live API key (not revoked, not expired, automation active, creator still
 * enabled, and for a key made with a device sign-in's token that sign-in still working: not revoked,
 * expired, idle past `limits.deviceSessionIdleMs` or gone) and records its use, in one statement.
 * Unknown, revoked or expired keys give null. The
 * key's permissions are its scopes as far as its creator holds them now: a creator demoted to viewer
 * takes their keys' write scopes with them, and a disabled (or deleted) creator's keys stop working.
 * Likewise the key changes what its automation recorded only while its creator could change it
 * themselves (`ownsAutomationRecords`): while the creator is an administrator, who changes any record.
 */
export async function findApiKeyPrincipal(
  db: Db,
  key: string,
  limits: { deviceSessionIdleMs: number },
): Promise<ApiKeyPrincipal | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
  const now = Date.now();
  const [row] = await apiKeyWithCreator(db).execute({
    secretHash: sha256Hex(key),
    now: new Date(now).toISOString(),
    staleBefore: new Date(now - TOUCH_INTERVAL_MS).toISOString(),
    deviceIdleSince: new Date(now - limits.deviceSessionIdleMs).toISOString(),
  });
  if (!row) return null;
  return {
    kind: 'api_key',
    apiKeyId: row.id,
    originatorId: row.automationId,
    creatorUserId: row.creatorId,
    permissions: apiKeyPermissions(row.scopes, row.creatorRole),
    ownsAutomationRecords: permissionsForRole(row.creatorRole).includes(WILDCARD),
  };
}
