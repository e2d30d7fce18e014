import { describe, expect, it } from 'vitest';
import { documentTitle, findRouteByPath, ROOT_REDIRECT, ROUTES } from './routes';

/** Spec 2.1, transcribed: path -> title. */
const SPEC_TITLES: Record<string, string> = {
  '/tags': 'Tags',
  '/team-members': 'Team Members',
  '/team-members/:id': 'Team Member Detail',
  '/admin': 'Admin',
  '/identifiers': 'Identifiers',
  '/identifiers/new': 'New Identifier',
  '/validation': 'Identifier Validation',
  '/evidence': 'Evidence',
  '/cases': 'Cases',
  '/cases/:id': 'Case Detail',
  '/profile': 'Profile',
  '/profile-test': 'Profile Test',
  '/automations': 'Automations',
  '/automations/:id': 'Automation Detail',
  '/export-streams': 'Export Streams',
  '/groups': 'Groups',
  '/groups/:id': 'Group Detail',
  '/components': 'Components Showcase',
  '/components/originator-badge': 'Originator Badge Demo',
  '/tables': 'Data Tables',
  '/login': 'Sign In',
  '/auth/device': 'Device Authorization',
  '/logout': 'Logged Out',
  '/forbidden': '403 - Access Denied',
  '*': '404 - Page Not Found',
};

/** Ours: the header search's results page (spec 1 leaves what search does unshown). */
const OWN_TITLES: Record<string, string> = { '/search': 'Search' };
const TITLES = { ...SPEC_TITLES, ...OWN_TITLES };

describe('route table', () => {
  it('holds exactly the routes of spec 2.1, and the search page', () => {
    expect(ROUTES.map((route) => route.path).sort()).toEqual(Object.keys(TITLES).sort());
  });

  it.each(Object.entries(TITLES))('titles %s "%s | Scamtrail"', (path, title) => {
    const route = findRouteByPath(path);
    expect(route).toBeDefined();
    expect(documentTitle(route!)).toBe(`${title} | Scamtrail`);
  });

  it('redirects / to /cases', () => {
    expect(ROOT_REDIRECT).toEqual({ path: '/', to: '/cases' });
  });

  it('requires the admin role for tags, team members, their detail, admin and export streams', () => {
    const adminOnly = ROUTES.filter((route) => 'role' in route.access && route.access.role === 'admin').map(
      (route) => route.path,
    );
    expect(adminOnly.sort()).toEqual(
      ['/tags', '/team-members', '/team-members/:id', '/admin', '/export-streams'].sort(),
    );
  });

  it('requires login for cases, profile, search, automations, groups and the forbidden page', () => {
    for (const path of [
      '/cases',
      '/profile',
      '/search',
      '/automations',
      '/automations/:id',
      '/groups',
      '/groups/:id',
      '/forbidden',
    ]) {
      expect(findRouteByPath(path)?.access.login, path).toBe(true);
    }
  });

  it('leaves identifiers, evidence, case detail, validation, the demos and the auth pages unguarded', () => {
    const open = [
      '/identifiers',
      '/identifiers/new',
      '/validation',
      '/evidence',
      '/cases/:id',
      '/profile-test',
      '/components',
      '/components/originator-badge',
      '/tables',
      '/login',
      '/auth/device',
      '/logout',
    ];
    for (const path of open) {
      const access = findRouteByPath(path)?.access;
      expect(access, path).toEqual({ login: false });
    }
  });

  it('hides the shell on /auth/device, /logout, /login and the 404 page only', () => {
    const hidden = ROUTES.filter((route) => 'hideShell' in route && route.hideShell).map(
      (route) => route.path,
    );
    expect(hidden.sort()).toEqual(['*', '/auth/device', '/login', '/logout']);
  });
});
