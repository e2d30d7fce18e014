import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

export const SESSION_COOKIE = 'scamtrail_session';

/** Sets the session cookie of a session just started (password or passkey sign-in). */
export function setSessionCookie(
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
  config: Pick<Config, 'publicUrl'>,
): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    expires: session.expiresAt,
  });
}

/** Clears the session cookie (sign-out, or the current session revoked). */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** What a new session records of the client that signed in: its address and user agent. */
export function sessionMeta(request: FastifyRequest): { ip: string; userAgent?: string } {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) };
}
