import { paths } from './paths';

/** Where sign-in sends a user who arrived without a (valid) redirect target. */
export const DEFAULT_REDIRECT = paths.cases();
export const LOGIN_PATH = paths.login();
export const LOGOUT_PATH = paths.logout();

const SAME_SITE_BASE = 'http://same-site.invalid';

function hasControlCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The sign-in path that brings the user back to `target` (path, query and hash) afterwards. */
export function buildLoginPath(target: string): string {
  return paths.login({ redirect: target });
}

/** A location's full path as a redirect target: path, query and hash. */
export function fullPath(location: { pathname: string; search?: string; hash?: string }): string {
  return `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
}

/**
 * The redirect target from a `?redirect=` value, or the default when it is missing or unsafe.
 * Only same-site relative paths are accepted: a single leading '/', no protocol-relative `//host`,
 * no backslash tricks, no control characters, and never back to the sign-in or sign-out pages.
 */
export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return DEFAULT_REDIRECT;
  // Browsers treat '\' like '/' and drop tabs and newlines, so `/\evil.com` would leave the site.
  if (raw.includes('\\') || hasControlCharacter(raw)) return DEFAULT_REDIRECT;
  let url: URL;
  try {
    url = new URL(raw, SAME_SITE_BASE);
  } catch {
    return DEFAULT_REDIRECT;
  }
  if (url.origin !== SAME_SITE_BASE) return DEFAULT_REDIRECT;
  if (url.pathname === LOGIN_PATH || url.pathname === LOGOUT_PATH) return DEFAULT_REDIRECT;
  return `${url.pathname}${url.search}${url.hash}`;
}
