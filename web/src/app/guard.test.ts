import { describe, expect, it } from 'vitest';
import { decideAccess, isShellVisible, requiresLogin } from './guard';
import { getRoute } from './routes';

const admin = { role: 'admin' as const };
const investigator = { role: 'investigator' as const };
const viewer = { role: 'viewer' as const };

describe('navigation guard', () => {
  it('sends a logged-out visitor to sign-in with the full path, query and hash included', () => {
    const decision = decideAccess(getRoute('cases').access, null, {
      pathname: '/cases',
      search: '?status=open&page=2',
      hash: '#list',
    });
    expect(decision).toEqual({
      type: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/cases?status=open&page=2#list')}`,
    });
  });

  it('sends a logged-out visitor of an admin route to sign-in, not to the forbidden page', () => {
    const decision = decideAccess(getRoute('team-members').access, null, { pathname: '/team-members' });
    expect(decision).toEqual({ type: 'redirect', to: '/login?redirect=%2Fteam-members' });
  });

  it('sends an investigator opening an admin route to /forbidden', () => {
    expect(decideAccess(getRoute('admin').access, investigator, { pathname: '/admin' })).toEqual({
      type: 'redirect',
      to: '/forbidden',
    });
  });

  it('sends a viewer opening /tags to /forbidden', () => {
    expect(decideAccess(getRoute('tags').access, viewer, { pathname: '/tags' })).toEqual({
      type: 'redirect',
      to: '/forbidden',
    });
  });

  it('lets an administrator open admin routes', () => {
    expect(decideAccess(getRoute('export-streams').access, admin, { pathname: '/export-streams' })).toEqual({
      type: 'allow',
    });
  });

  it('lets any signed-in user open login-only routes', () => {
    expect(decideAccess(getRoute('groups').access, viewer, { pathname: '/groups' })).toEqual({
      type: 'allow',
    });
  });

  it('lets a logged-out visitor open unguarded routes', () => {
    for (const id of ['identifiers', 'evidence', 'case-detail', 'validation', 'tables', 'login'] as const) {
      expect(decideAccess(getRoute(id).access, null, { pathname: getRoute(id).path }), id).toEqual({
        type: 'allow',
      });
    }
  });

  it('treats a role requirement as a login requirement', () => {
    expect(requiresLogin({ login: false, role: 'admin' })).toBe(true);
    expect(requiresLogin({ login: false })).toBe(false);
  });
});

describe('shell visibility', () => {
  it('shows the shell to a signed-in user on ordinary routes', () => {
    expect(isShellVisible(getRoute('cases'), admin)).toBe(true);
    expect(isShellVisible(getRoute('forbidden'), admin)).toBe(true);
  });

  it('hides the shell on sign-in, sign-out, device authorization and 404 pages', () => {
    for (const id of ['login', 'logout', 'device-authorization', 'not-found'] as const) {
      expect(isShellVisible(getRoute(id), admin), id).toBe(false);
    }
  });

  it('hides the shell whenever nobody is logged in', () => {
    expect(isShellVisible(getRoute('identifiers'), null)).toBe(false);
  });
});
