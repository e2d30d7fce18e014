import {
  apiKeyPermissions,
  hasPermission,
  permissionsForRole,
  type Role,
} from '@scamtrail/domain/permissions';
import type { DbOrTx } from '../../db/client';
import { findLiveKeyGrants, findUrlChooser } from './webhooks.repository';

/**
 * The permissions the automation's live keys hold now: each key's scopes as far as its creator holds
 * them (an API key never holds more than its creator holds now).
 */
async function heldByKeys(db: DbOrTx, automationId: string, now: Date): Promise<Set<string>> {
  const held = new Set<string>();
  for (const key of await findLiveKeyGrants(db, automationId, now)) {
    for (const scope of apiKeyPermissions(key.scopes, key.role as Role)) held.add(scope);
  }
  return held;
}

/**
 * What whoever chose the webhook URL holds now: its receiver reads what is delivered there, so a
 * user who set it holds their role's permissions while enabled, and a key that set it its own grants
 * while live (`apiKeyPermissions`); nothing once they are disabled, revoked or gone, or when nobody is known.
 */
async function heldByUrlChooser(db: DbOrTx, automationId: string, now: Date): Promise<readonly string[]> {
  const chooser = await findUrlChooser(db, automationId, now);
  if (chooser.userRole) return permissionsForRole(chooser.userRole as Role);
  if (chooser.keyScopes && chooser.keyCreatorRole)
    return apiKeyPermissions(chooser.keyScopes, chooser.keyCreatorRole as Role);
  return [];
}

/**
 * What the webhook may deliver now: the permissions the automation's live keys hold that whoever
 * chose its URL holds too. A webhook is a reader of the events: the keys say what the automation may
 * read, and the URL's chooser, who receives it, may take no more than they hold themselves (an
 * investigator pointing an administrator's automation at their own server gets nothing they could
 * not read; a chooser demoted, disabled or revoked takes their topics with them). Checked at each
 * fill and each attempt.
 */
export async function heldForDelivery(db: DbOrTx, automationId: string, now: Date): Promise<Set<string>> {
  const keys = await heldByKeys(db, automationId, now);
  const chooser = await heldByUrlChooser(db, automationId, now);
  return new Set([...keys].filter((permission) => hasPermission(chooser, permission)));
}
