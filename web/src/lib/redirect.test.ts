import { describe, expect, it } from 'vitest';
import { buildLoginPath, DEFAULT_REDIRECT, fullPath, safeRedirectTarget } from './redirect';

describe('redirect targets', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeRedirectTarget('/cases?status=open#top')).toBe('/cases?status=open#top');
    expect(safeRedirectTarget('/team-members/42')).toBe('/team-members/42');
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['absolute URL', 'https://evil.example/cases'],
    ['protocol-relative URL', '//evil.example/cases'],
    ['backslash trick', '/\\evil.example'],
    ['javascript URL', 'javascript:alert(1)'],
    ['relative path', 'cases'],
    ['control character', '/\tevil'],
    ['the sign-in page', '/login?redirect=/cases'],
    ['the signed-out page', '/logout'],
  ])('falls back to the default for a %s', (_label, value) => {
    expect(safeRedirectTarget(value)).toBe(DEFAULT_REDIRECT);
  });

  it('builds the sign-in path with the target encoded', () => {
    expect(buildLoginPath('/cases?a=1&b=2#x')).toBe('/login?redirect=%2Fcases%3Fa%3D1%26b%3D2%23x');
  });

  it('round-trips a full path through the sign-in URL', () => {
    const target = fullPath({ pathname: '/groups/7', search: '?tab=members', hash: '#m' });
    const redirect = new URL(buildLoginPath(target), 'http://localhost').searchParams.get('redirect');
    expect(safeRedirectTarget(redirect)).toBe('/groups/7?tab=members#m');
  });
});
