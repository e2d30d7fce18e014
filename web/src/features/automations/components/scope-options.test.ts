import { describe, expect, it } from 'vitest';
import { PERMISSIONS, permissionsForRole, WILDCARD } from '@scamtrail/domain/permissions';
import { filterScopes, grantableScopes } from './scope-options';

describe('grantableScopes', () => {
  it('offers every permission to the wildcard, and only the held ones otherwise', () => {
    expect(grantableScopes([WILDCARD])).toEqual([...PERMISSIONS]);
    expect(grantableScopes(['tag.view', 'case.edit'])).toEqual(['case.edit', 'tag.view']);
    expect(grantableScopes(permissionsForRole('investigator'))).not.toContain('admin.access');
    expect(grantableScopes(undefined)).toEqual([]);
  });
});

describe('filterScopes', () => {
  const items = grantableScopes([WILDCARD]);
  const filter = (inputValue: string | null) => filterScopes(items, { inputValue });

  it('finds scopes by their words, whatever the case', () => {
    expect(filter('view ident')).toEqual(['identifier.view']);
    expect(filter('EDIT CASES')).toEqual(['case.edit']);
    expect(filter('  tags ')).toEqual(['tag.view', 'tag.create', 'tag.edit', 'tag.delete']);
  });

  it('finds scopes by their permission names, as the API documentation writes them', () => {
    expect(filter('tag.vi')).toEqual(['tag.view']);
    expect(filter('journal_entry.')).toEqual([
      'journal_entry.view',
      'journal_entry.create',
      'journal_entry.edit',
      'journal_entry.delete',
    ]);
  });

  it('offers every scope with nothing typed, and none for text that matches nothing', () => {
    expect(filter(null)).toEqual(items);
    expect(filter('')).toEqual(items);
    expect(filter('launch rockets')).toEqual([]);
  });
});
