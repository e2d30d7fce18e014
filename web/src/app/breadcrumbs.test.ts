import { describe, expect, it } from 'vitest';
import { listTrail, sectionTrail } from './breadcrumbs';

const HOME = { label: 'Home', to: '/' };

describe('breadcrumb trails', () => {
  it('name the navigation group of a listed screen (spec 2.2)', () => {
    expect(sectionTrail('cases')).toEqual([HOME, { label: 'Investigation' }]);
    expect(sectionTrail('evidence')).toEqual([HOME, { label: 'Investigation' }]);
    expect(sectionTrail('validation')).toEqual([HOME, { label: 'Processing' }]);
    expect(sectionTrail('export-streams')).toEqual([HOME, { label: 'Export' }]);
    expect(sectionTrail('team-members')).toEqual([HOME, { label: 'Users' }]);
  });

  it('keep the Identifiers screen under Data Management (spec 2.3)', () => {
    expect(sectionTrail('identifiers')).toEqual([HOME, { label: 'Data Management' }]);
  });

  it("give a detail screen its list's trail, then the list", () => {
    expect(listTrail('cases')).toEqual([HOME, { label: 'Investigation' }, { label: 'Cases', to: '/cases' }]);
    expect(listTrail('groups')).toEqual([HOME, { label: 'Users' }, { label: 'Groups', to: '/groups' }]);
    expect(listTrail('identifiers')).toEqual([
      HOME,
      { label: 'Data Management' },
      { label: 'Identifiers', to: '/identifiers' },
    ]);
  });

  it('leave a screen the navigation does not list under Home alone', () => {
    expect(sectionTrail('profile')).toEqual([HOME]);
  });
});
