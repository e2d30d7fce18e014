import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

export const SESSION_COOKIE = 'scamtrail_session';

/**
 * The session cookie's name. Under https it takes the `__Host-` prefix: a browser keeps such a cookie
 * only if it is Secure, has Path=/ and no Domain, so no other host of the same site (a sibling
 * subdomain) can set one that the application would read, signing its user into someone else's
 * account (cookie tossing). Over http, where Secure is unavailable, the plain name.
 */
export function sessionCookieName(config: Pick<Config, 'publicUrl'>): string {
  return isHttps(config) ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

function isHttps(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https:');
}

/** Sets the session cookie of a session just started (password or passkey sign-in). */
export function setSessionCookie(
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
  config: Pick<Config, 'publicUrl'>,
): void {
  reply.setCookie(sessionCookieName(config), session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(config),
    expires: session.expiresAt,
  });
}

/** Clears the session cookie (sign-out, or the current session revoked). */
export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>): void {
  reply.clearCookie(sessionCookieName(config), { path: '/', secure: isHttps(config) });
}

/** What a new session records of the client that signed in: its address and user agent. */
export function sessionMeta(request: FastifyRequest): { ip: string; userAgent?: string } {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) };
}
