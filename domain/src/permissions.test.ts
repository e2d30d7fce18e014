import { describe, expect, it } from 'vitest';
import {
  apiKeyPermissions,
  canGrantRole,
  grantableRoles,
  grantsBeyond,
  hasAllPermissions,
  hasAnyPermission,
  hasPermission,
  isPermission,
  PERMISSIONS,
  permissionsForRole,
  ROLE_PERMISSIONS,
  ROLES,
  WILDCARD,
} from './permissions';

describe('permission checks', () => {
  it('has-one: a named grant or the wildcard', () => {
    expect(hasPermission(['case.view'], 'case.view')).toBe(true);
    expect(hasPermission(['case.view'], 'case.edit')).toBe(false);
    expect(hasPermission([WILDCARD], 'anything.at.all')).toBe(true);
    expect(hasPermission([], 'case.view')).toBe(false);
    expect(hasPermission(null, 'case.view')).toBe(false);
    expect(hasPermission(undefined, 'case.view')).toBe(false);
  });

  it('has-any: at least one, false for an empty list', () => {
    expect(hasAnyPermission(['tag.view'], ['tag.create', 'tag.view'])).toBe(true);
    expect(hasAnyPermission(['tag.view'], ['tag.create', 'tag.delete'])).toBe(false);
    expect(hasAnyPermission([WILDCARD], ['tag.create'])).toBe(true);
    expect(hasAnyPermission([WILDCARD], [])).toBe(false);
  });

  it('has-all: every one, true for an empty list', () => {
    expect(hasAllPermissions(['tag.view', 'tag.create'], ['tag.view', 'tag.create'])).toBe(true);
    expect(hasAllPermissions(['tag.view'], ['tag.view', 'tag.create'])).toBe(false);
    expect(hasAllPermissions([WILDCARD], ['tag.view', 'user.edit'])).toBe(true);
    expect(hasAllPermissions([], [])).toBe(true);
  });
});

describe('roles', () => {
  it('admin holds the wildcard', () => {
    expect(permissionsForRole('admin')).toEqual([WILDCARD]);
  });

  it('every permission the spec names exists', () => {
    const spec = [
      'case.view',
      'case.edit',
      'evidence.view',
      'evidence.create',
      'identifier.view',
      'admin.access',
      'team_member.view',
      'automation.view',
      'group.view',
      'tag.view',
      'tag.create',
    ];
    for (const name of spec) expect(isPermission(name), name).toBe(true);
  });

  it('an investigator works cases, evidence, identifiers, journal entries, groups and automations, and views tags', () => {
    const grants = permissionsForRole('investigator');
    for (const resource of ['case', 'evidence', 'identifier', 'journal_entry', 'group', 'automation']) {
      expect(hasAllPermissions(grants, [`${resource}.view`, `${resource}.edit`]), resource).toBe(true);
    }
    expect(hasPermission(grants, 'tag.view')).toBe(true);
    expect(hasPermission(grants, 'tag.create')).toBe(false);
    expect(hasPermission(grants, 'admin.access')).toBe(false);
    expect(hasPermission(grants, 'team_member.view')).toBe(false);
    expect(hasPermission(grants, 'user.create')).toBe(false);
  });

  it('a viewer holds only .view permissions', () => {
    const grants = permissionsForRole('viewer');
    expect(grants.length).toBeGreaterThan(0);
    for (const grant of grants) expect(grant).toMatch(/\.view$/);
    expect(hasPermission(grants, 'identifier.view')).toBe(true);
    expect(hasPermission(grants, 'identifier.create')).toBe(false);
  });

  it('roles grant only known permissions, and a copy the caller may change', () => {
    for (const role of ROLES) {
      for (const grant of ROLE_PERMISSIONS[role]) {
        expect(grant === WILDCARD || (PERMISSIONS as readonly string[]).includes(grant), grant).toBe(true);
      }
      const copy = permissionsForRole(role);
      copy.push('user.edit');
      expect(ROLE_PERMISSIONS[role]).not.toContain('user.edit');
    }
  });
});

describe('granting: nobody gives what they do not hold', () => {
  it('names the grants beyond the holder, the wildcard only to the wildcard', () => {
    expect(grantsBeyond(['tag.view', 'case.view'], ['tag.view', 'case.edit', 'case.edit'])).toEqual([
      'case.edit',
    ]);
    expect(grantsBeyond(['tag.view'], [WILDCARD])).toEqual([WILDCARD]);
    expect(grantsBeyond([WILDCARD], [WILDCARD, 'user.edit'])).toEqual([]);
    expect(grantsBeyond(null, ['tag.view'])).toEqual(['tag.view']);
  });

  it('a role is given only by a holder of all its permissions', () => {
    expect(grantableRoles(permissionsForRole('admin'))).toEqual(['admin', 'investigator', 'viewer']);
    expect(grantableRoles(permissionsForRole('investigator'))).toEqual(['investigator', 'viewer']);
    expect(grantableRoles(permissionsForRole('viewer'))).toEqual(['viewer']);
    expect(canGrantRole(['user.create', 'user.edit'], 'admin')).toBe(false);
    expect(canGrantRole(['user.create'], 'viewer')).toBe(false);
  });
});

describe('apiKeyPermissions', () => {
  it('holds a key to what its creator’s role holds now', () => {
    expect(apiKeyPermissions(['case.view', 'user.view'], 'admin')).toEqual(['case.view', 'user.view']);
    // An investigator holds no user.view: a key they made, or one made before they were demoted, drops it.
    expect(apiKeyPermissions(['case.view', 'user.view'], 'investigator')).toEqual(['case.view']);
    expect(apiKeyPermissions(['case.edit'], 'viewer')).toEqual([]);
  });
});
