import { describe, expect, it } from 'vitest';
import { matchRoute } from './route-match';
import { matchRouteId } from './route-match';

describe('matchRouteId', () => {
  it('names the route of a fixed path, with or without a final slash', () => {
    expect(matchRouteId('/identifiers')).toBe('identifiers');
    expect(matchRouteId('/cases/')).toBe('cases');
  });

  it('prefers a fixed path to a pattern with a parameter', () => {
    expect(matchRouteId('/identifiers/new')).toBe('identifier-new');
    expect(matchRouteId('/components/originator-badge')).toBe('originator-badge-demo');
  });

  it('fills a parameter with one segment only', () => {
    expect(matchRouteId('/cases/9e6cf9c3-ced1-40ba-b855-b1e310a0346b')).toBe('case-detail');
    expect(matchRouteId('/cases/a/b')).toBeUndefined();
  });

  it('leaves unknown paths and the root to the router', () => {
    expect(matchRouteId('/nowhere')).toBeUndefined();
    expect(matchRouteId('/')).toBeUndefined();
  });
});

describe('matchRoute', () => {
  it("gives a parameter's value decoded, as React Router gives it to a route's loader", () => {
    expect(matchRoute('/cases/9e6cf9c3-ced1-40ba-b855-b1e310a0346b/')).toEqual({
      id: 'case-detail',
      params: { id: '9e6cf9c3-ced1-40ba-b855-b1e310a0346b' },
    });
    expect(matchRoute('/groups/a%20b')).toEqual({ id: 'group-detail', params: { id: 'a b' } });
    expect(matchRoute('/identifiers')).toEqual({ id: 'identifiers', params: {} });
  });
});
