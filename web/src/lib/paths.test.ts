import { describe, expect, it } from 'vitest';
import { ROUTES } from '../app/routes';
import { paths, ROUTE_PATHS } from './paths';

describe('the path table', () => {
  it('has a route for every pattern, and a pattern for every route', () => {
    expect(ROUTES.map((route) => route.id).sort()).toEqual(Object.keys(ROUTE_PATHS).sort());
  });
});

describe('paths', () => {
  it('builds the plain screens from their patterns', () => {
    expect(paths.home()).toBe('/');
    expect(paths.cases()).toBe('/cases');
    expect(paths.profileTest()).toBe('/profile-test');
    expect(paths.originatorBadgeDemo()).toBe('/components/originator-badge');
  });

  it('fills a detail screen with its id, encoded', () => {
    expect(paths.caseDetail('c-1')).toBe('/cases/c-1');
    expect(paths.groupDetail('a/b c')).toBe('/groups/a%2Fb%20c');
    expect(paths.teamMemberDetail('u-1')).toBe('/team-members/u-1');
    expect(paths.automationDetail('a-1')).toBe('/automations/a-1');
  });

  it('adds a query of name-value pairs, encoded as encodeURIComponent does', () => {
    expect(paths.identifiers({ open: 'id-1' })).toBe('/identifiers?open=id-1');
    expect(paths.caseDetail('c-1', { tab: 'timeline' })).toBe('/cases/c-1?tab=timeline');
    expect(paths.search({ q: 'wire fraud@x' })).toBe('/search?q=wire%20fraud%40x');
    expect(paths.login({ redirect: '/cases?status=open#list' })).toBe(
      '/login?redirect=%2Fcases%3Fstatus%3Dopen%23list',
    );
  });

  it('keeps the form encoding of a screen parameter writer', () => {
    const params = new URLSearchParams({ search: 'wire fraud', page: '2' });
    expect(paths.cases(params)).toBe('/cases?search=wire+fraud&page=2');
  });

  it('leaves out an empty query and unset values', () => {
    expect(paths.cases(new URLSearchParams())).toBe('/cases');
    expect(paths.evidence({})).toBe('/evidence');
    expect(paths.evidence({ open: undefined })).toBe('/evidence');
  });
});
