import {
  apiKeyPermissions,
  hasPermission,
  permissionsForRole,
  type Role,
} from '@scamtrail/domain/permissions';
import type { DbOrTx } from '../../db/client';
import { findLiveKeyGrants, findUrlChooser, type GrantTime } from './webhooks.repository';

/**
 * What a webhook's grants are read with, from the configuration: a device sign-in's idle limit
 * (DEVICE_SESSION_IDLE_HOURS), past which its keys stop authenticating, and so stop feeding webhooks.
 */
export interface GrantLimits {
  deviceSessionIdleMs: number;
}

/**
 * The permissions the automation's live keys hold now: each key's scopes as far as its creator holds
 * them (an API key never holds more than its creator holds now).
 */
async function heldByKeys(db: DbOrTx, automationId: string, at: GrantTime): Promise<Set<string>> {
  const held = new Set<string>();
  for (const key of await findLiveKeyGrants(db, automationId, at)) {
    for (const scope of apiKeyPermissions(key.scopes, key.role as Role)) held.add(scope);
  }
  return held;
}

/**
 * What whoever chose the webhook URL holds now: its receiver reads what is delivered there, so a
 * user who set it holds their role's permissions while enabled, and a key that set it its own grants
 * while live (`apiKeyPermissions`); nothing once they are disabled, revoked or gone, or when nobody is known.
 */
async function heldByUrlChooser(db: DbOrTx, automationId: string, at: GrantTime): Promise<readonly string[]> {
  const chooser = await findUrlChooser(db, automationId, at);
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
 * not read; a chooser demoted, disabled or revoked takes their topics with them). A key is live as it
 * would authenticate now: a key of a device sign-in gone idle (`limits`) feeds nothing, as it opens
 * nothing. Checked at each fill and each attempt.
 */
export async function heldForDelivery(
  db: DbOrTx,
  automationId: string,
  now: Date,
  limits: GrantLimits,
): Promise<Set<string>> {
  const at = { now, deviceIdleSince: new Date(now.getTime() - limits.deviceSessionIdleMs) };
  const keys = await heldByKeys(db, automationId, at);
  const chooser = await heldByUrlChooser(db, automationId, at);
  return new Set([...keys].filter((permission) => hasPermission(chooser, permission)));
}
