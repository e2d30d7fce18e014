import { PERMISSION_LABELS } from '@scamtrail/domain/permission-labels';
import { PERMISSIONS, WILDCARD, type Permission } from '@scamtrail/domain/permissions';

/** The scopes a user may give a key: the permissions they hold themselves (all of them for '*'). */
export function grantableScopes(grants: readonly string[] | undefined): Permission[] {
  if (!grants) return [];
  if (grants.includes(WILDCARD)) return [...PERMISSIONS];
  return PERMISSIONS.filter((permission) => grants.includes(permission));
}

/**
 * The scope picker's filter: what was typed, in a scope's words ("view ident") or its permission name
 * ("identifier.v", as the API documentation writes it).
 */
export function filterScopes(items: readonly Permission[], { inputValue }: { inputValue: string | null }) {
  const typed = inputValue?.trim().toLowerCase();
  if (!typed) return [...items];
  return items.filter(
    (item) => PERMISSION_LABELS[item].toLowerCase().includes(typed) || item.includes(typed),
  );
}

/** The end of the chosen day, local time, as the key's expiry: a key "expiring on" a day works all of it. */
export function endOfDayIso(date: Date): string {
  const end = new Date(date);
  end.setHours(23, 59, 59, 999);
  return end.toISOString();
}
