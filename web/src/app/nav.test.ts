import { describe, expect, it } from 'vitest';
import { permissionsForRole, type Role } from '@scamtrail/domain/permissions';
import { filterMenu, MENU, type MenuItem } from './nav';

function labels(items: MenuItem[]) {
  return items.map((group) => ({ group: group.label, items: group.children?.map((item) => item.label) }));
}

function menuFor(role: Role, permissions = permissionsForRole(role)) {
  return labels(filterMenu(MENU, { role, permissions }));
}

describe('side navigation', () => {
  it('shows every group and entry to an administrator', () => {
    expect(menuFor('admin')).toEqual([
      { group: 'Investigation', items: ['Cases', 'Evidence', 'Identifiers'] },
      { group: 'Processing', items: ['Validation'] },
      { group: 'Export', items: ['Streams'] },
      { group: 'Users', items: ['Team Members', 'Automations', 'Groups', 'Tags'] },
    ]);
  });

  it('hides admin-only entries from an investigator and drops the empty Export group', () => {
    expect(menuFor('investigator')).toEqual([
      { group: 'Investigation', items: ['Cases', 'Evidence', 'Identifiers'] },
      { group: 'Processing', items: ['Validation'] },
      { group: 'Users', items: ['Automations', 'Groups'] },
    ]);
  });

  it('hides Tags from a non-admin even when the permission tag.view is held', () => {
    const menu = menuFor('viewer', ['tag.view', 'case.view']);
    expect(menu.flatMap((group) => group.items)).not.toContain('Tags');
  });

  it('hides entries whose permission the user lacks', () => {
    expect(menuFor('viewer', ['case.view'])).toEqual([
      { group: 'Investigation', items: ['Cases'] },
      { group: 'Processing', items: ['Validation'] },
    ]);
  });

  it('drops every group when the user holds no permission', () => {
    expect(menuFor('viewer', [])).toEqual([]);
  });

  it('attaches the permission names of spec 6 to every navigation entry', () => {
    const permissions = MENU.flatMap((group) => [group, ...(group.children ?? [])]).map((item) => [
      item.label,
      item.permission,
    ]);
    expect(Object.fromEntries(permissions)).toEqual({
      Investigation: undefined,
      Cases: 'case.view',
      Evidence: 'evidence.view',
      Identifiers: 'identifier.view',
      Processing: 'case.view',
      Validation: 'case.view',
      Export: 'admin.access',
      Streams: 'admin.access',
      Users: undefined,
      'Team Members': 'team_member.view',
      Automations: 'automation.view',
      Groups: 'group.view',
      Tags: 'tag.view',
    });
  });

  it('links Streams to /export-streams', () => {
    const exportGroup = MENU.find((group) => group.id === 'export');
    expect(exportGroup?.children?.[0]).toMatchObject({ label: 'Streams', path: '/export-streams' });
  });
});
