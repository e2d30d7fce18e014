import { hasPermission, isPermission, permissionsForRole, type Role } from '@scamtrail/domain/permissions';
import type { DbOrTx } from '../../db/client';
import { findLiveKeyGrants } from './webhooks.repository';

/**
 * The permissions the automation's live keys hold now: each key's scopes as far as its creator holds
 * them (an API key never holds more than its creator holds now), as `findApiKeyPrincipal` reads a key.
 */
export async function heldByKeys(db: DbOrTx, automationId: string, now: Date): Promise<Set<string>> {
  const held = new Set<string>();
  for (const key of await findLiveKeyGrants(db, automationId, now)) {
    const creator = permissionsForRole(key.role as Role);
    for (const scope of key.scopes) if (isPermission(scope) && hasPermission(creator, scope)) held.add(scope);
  }
  return held;
}
