import { isPermission, PERMISSIONS, WILDCARD, type Permission } from './permissions';

/*
 * Permissions in words. Apart from `permissions.ts`, which the first screen loads (the session's
 * permission checks): only the screens that show permissions (API keys, the profile) load these.
 */

/** Each permission in words, as screens show it (an API key's scopes, a profile's permissions). */
export const PERMISSION_LABELS: Record<Permission, string> = {
  'admin.access': 'Open the admin area',
  'case.view': 'View cases',
  'case.create': 'Create cases',
  'case.edit': 'Edit cases',
  'case.delete': 'Delete cases',
  'evidence.view': 'View evidence',
  'evidence.create': 'Create evidence',
  'evidence.edit': 'Edit evidence',
  'evidence.delete': 'Delete evidence',
  'identifier.view': 'View identifiers',
  'identifier.create': 'Create identifiers',
  'identifier.edit': 'Edit identifiers',
  'identifier.delete': 'Delete identifiers',
  'journal_entry.view': 'View journal entries',
  'journal_entry.create': 'Create journal entries',
  'journal_entry.edit': 'Edit journal entries',
  'journal_entry.delete': 'Delete journal entries',
  'group.view': 'View groups',
  'group.create': 'Create groups',
  'group.edit': 'Edit groups',
  'group.delete': 'Delete groups',
  'automation.view': 'View automations',
  'automation.create': 'Create automations',
  'automation.edit': 'Edit automations',
  'automation.delete': 'Delete automations',
  'tag.view': 'View tags',
  'tag.create': 'Create tags',
  'tag.edit': 'Edit tags',
  'tag.delete': 'Delete tags',
  'originator.view': 'View originators',
  'community_member.view': 'View community members',
  'community_member.create': 'Create community members',
  'community_member.edit': 'Edit community members',
  'team_member.view': 'View team members',
  'team_member.create': 'Create team members',
  'team_member.edit': 'Edit team members',
  'user.view': 'View user accounts',
  'user.create': 'Create user accounts',
  'user.edit': 'Edit user accounts',
  'export.view': 'View export streams',
  'export.edit': 'Edit export streams',
};

/**
 * A grant in words: a permission's label, "All permissions" for the wildcard, and the name itself for
 * one this build does not know (a key stored before a permission was renamed), so nothing shows blank.
 */
export function permissionLabel(grant: string): string {
  if (grant === WILDCARD) return 'All permissions';
  return isPermission(grant) ? PERMISSION_LABELS[grant] : grant;
}

/** Grants in words, in the order of `PERMISSIONS` (a resource's actions together), unknown ones last. */
export function permissionLabels(grants: readonly string[]): string[] {
  const known = PERMISSIONS.filter((permission) => grants.includes(permission));
  const unknown = grants.filter((grant) => !isPermission(grant));
  return [...known, ...unknown].map(permissionLabel);
}
