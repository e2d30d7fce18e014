import { describe, expect, it } from 'vitest';
import { PERMISSION_LABELS, permissionLabel, permissionLabels } from './permission-labels';
import { PERMISSIONS, WILDCARD } from './permissions';

describe('permission labels', () => {
  it('every permission has a non-empty label of its own', () => {
    const labels = PERMISSIONS.map((permission) => PERMISSION_LABELS[permission]);
    for (const [index, label] of labels.entries()) {
      expect(typeof label === 'string' && label.trim().length > 0, PERMISSIONS[index]).toBe(true);
    }
    expect(new Set(labels.map((label) => label.toLowerCase())).size).toBe(PERMISSIONS.length);
  });

  it('labels only known permissions', () => {
    expect(Object.keys(PERMISSION_LABELS).sort()).toEqual([...PERMISSIONS].sort());
  });

  it('reads a grant in words, the wildcard as all permissions, an unknown name as itself', () => {
    expect(permissionLabel('identifier.view')).toBe('View identifiers');
    expect(permissionLabel('case.edit')).toBe('Edit cases');
    expect(permissionLabel(WILDCARD)).toBe('All permissions');
    expect(permissionLabel('report.view')).toBe('report.view');
  });

  it('lists grants in the order of the permission list, unknown ones last', () => {
    expect(permissionLabels(['tag.view', 'report.view', 'case.edit', 'case.view'])).toEqual([
      'View cases',
      'Edit cases',
      'View tags',
      'report.view',
    ]);
    expect(permissionLabels([])).toEqual([]);
  });
});
