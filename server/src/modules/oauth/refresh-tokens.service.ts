import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { randomToken, sha256Hex } from '../../lib/tokens';
import { recordEvent } from '../events/events.service';
import { OAuthError } from './oauth-error';
import {
  findRefreshTokenForUpdate,
  insertRefreshToken,
  markRefreshTokenUsed,
  renewDeviceAccess,
} from './refresh-tokens.repository';
import { endSessionIn } from '../auth/sessions.service';
import { signInEndNow } from '../auth/sign-in-end';

/**
 * How long a device sign-in's access token is accepted: then its client refreshes it, which both ends
 * a stolen access token's use soon and lets the session's idle and maximum lifetime, and its
 * revocation, be checked again at each refresh.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export type DeviceTokenLimits = Pick<Config, 'deviceSessionIdleMs'>;

export interface DeviceTokens {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope?: string;
}

const secondsUntil = (at: Date, now: number) => Math.max(1, Math.floor((at.getTime() - now) / 1000));

/**
 * A new access token and refresh token for a device sign-in's session still open (RFC 6749 §5.1), or
 * null when it has ended. The access token is accepted for ACCESS_TOKEN_TTL_SECONDS at most, never
 * past the session's expiry; the refresh token as long as the session lives, once.
 */
export async function issueDeviceTokens(
  tx: DbOrTx,
  sessionId: string,
  scope: string[] | null,
  limits: DeviceTokenLimits,
): Promise<DeviceTokens | null> {
  const now = Date.now();
  const accessToken = randomToken();
  const renewed = await renewDeviceAccess(tx, sessionId, {
    tokenHash: sha256Hex(accessToken),
    now: new Date(now),
    accessUntil: new Date(now + ACCESS_TOKEN_TTL_SECONDS * 1000),
    idleSince: new Date(now - limits.deviceSessionIdleMs),
  });
  if (!renewed) return null;
  const refreshToken = randomToken();
  await insertRefreshToken(tx, sha256Hex(refreshToken), sessionId);
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: secondsUntil(renewed.accessExpiresAt, now),
    refresh_token: refreshToken,
    ...(scope ? { scope: scope.join(' ') } : {}),
  };
}

/**
 * RFC 6749 §6: a device's client trades its refresh token for new tokens. The refresh token is used
 * once (rotation); a used one presented again was copied, by the client's thief or from it, so the
 * whole session ends, its latest tokens with it (OAuth 2.0 Security BCP §4.14.2), and that is recorded
 * (`session.refresh_token_reused`). A session ended otherwise (revoked, idle, past its maximum
 * lifetime, its user disabled) gives no tokens: the client signs in again; one that had ended on its own
 * is ended then (`endSignIns`: its keys revoked from when it ended, each recorded).
 */
export async function refreshDeviceTokens(
  db: Db,
  params: { clientId: string; refreshToken?: string; scope?: string },
  meta: { ip: string; userAgent?: string },
  limits: DeviceTokenLimits,
): Promise<DeviceTokens> {
  if (!params.refreshToken) throw new OAuthError('invalid_request', 'refresh_token is required');
  const hash = sha256Hex(params.refreshToken);
  const outcome = await db.transaction(async (tx) => {
    const row = await findRefreshTokenForUpdate(tx, hash);
    if (!row || row.clientId !== params.clientId) return { error: 'unknown' as const };
    if (row.usedAt) {
      if (!row.revokedAt) {
        await endSessionIn(tx, row.sessionId, signInEndNow(limits, null));
        await recordEvent(tx, {
          type: 'session.refresh_token_reused',
          actorOriginatorId: null,
          subjectType: 'session',
          subjectId: row.sessionId,
          data: {
            userId: row.userId,
            clientId: row.clientId,
            ip: meta.ip,
            userAgent: meta.userAgent ?? null,
          },
        });
      }
      return { error: 'reused' as const };
    }
    if (params.scope !== undefined && params.scope !== (row.permissions ?? []).join(' ')) {
      return { error: 'scope' as const };
    }
    await markRefreshTokenUsed(tx, hash, new Date());
    const tokens = await issueDeviceTokens(tx, row.sessionId, row.permissions, limits);
    if (tokens) return { tokens };
    // Ended on its own (idle, past its maximum lifetime) and now presented: its row is ended here as the
    // session lookup ends one presented by its access token, its keys recorded as revoked from then.
    await endSessionIn(tx, row.sessionId, signInEndNow(limits, null));
    return { error: 'ended' as const };
  });
  if (outcome.tokens) return outcome.tokens;
  switch (outcome.error) {
    case 'unknown':
      throw new OAuthError('invalid_grant', 'Unknown refresh_token (or issued to another client)');
    case 'reused':
      throw new OAuthError(
        'invalid_grant',
        'This refresh_token was already used: the sign-in it belongs to is ended; sign in again',
      );
    case 'scope':
      throw new OAuthError('invalid_scope', 'A refresh keeps the scope of the sign-in: leave scope out');
    default:
      throw new OAuthError('invalid_grant', 'The sign-in has ended; sign in again');
  }
}
