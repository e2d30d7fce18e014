import { randomInt } from 'node:crypto';
import {
  clientDisplayName,
  DEVICE_CODE_GRANT_TYPE,
  formatUserCode,
  normalizeUserCode,
  OAUTH_CLIENTS,
  USER_CODE_ALPHABET,
  USER_CODE_FAILURES_PER_ADDRESS,
  USER_CODE_FAILURES_PER_USER,
  USER_CODE_LENGTH,
  type DeviceAuthorizationDecision,
  type DeviceAuthorizationRequest,
} from '@scamtrail/domain/device-authorization';
import { hasPermission, isPermission, PERMISSIONS, permissionsForRole } from '@scamtrail/domain/permissions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { iso } from '../../lib/schemas';
import { randomToken, sha256Hex } from '../../lib/tokens';
import { withGuessThrottle } from '../auth/guess-throttle.service';
import type { UserPrincipal } from '../auth/principal';
import { actorOf } from '../events/audit-event';
import { recordEvent, type NewEvent } from '../events/events.service';
import { endSession, narrowPermissions, startDeviceSession } from '../auth/sessions.service';
import {
  countPendingFromAddress,
  decidePending,
  deleteExpiredDeviceAuthorizations,
  findByDeviceCodeHash,
  findPendingByUserCodeHash,
  insertDeviceAuthorization,
  markExchanged,
  recordPoll,
  setDeviceAuthorizationSession,
  type DeviceAuthorizationRow,
} from './device-authorization.repository';
import { OAuthError } from './oauth-error';
import {
  issueDeviceTokens,
  refreshDeviceTokens,
  type DeviceTokenLimits,
  type DeviceTokens,
} from './refresh-tokens.service';

/** How long a device code and its user code may be used (RFC 8628 `expires_in`). */
export const DEVICE_CODE_TTL_SECONDS = 600;
/** The least time between two polls (RFC 8628 `interval`). */
export const POLL_INTERVAL_SECONDS = 5;
/** Requests one address may have waiting at once: an anonymous caller cannot fill the table. */
export const MAX_PENDING_PER_ADDRESS = 20;
/** Expired requests are kept this long, so a late poll hears `expired_token` rather than an unknown code. */
const EXPIRED_KEPT_MS = 24 * 3_600_000;

type Limits = Pick<Config, 'publicUrl' | 'deviceSessionIdleMs' | 'deviceSessionMaxMs' | 'loginThrottle'>;

function requireClient(clientId: string | undefined): string {
  if (!clientId) throw new OAuthError('invalid_request', 'client_id is required');
  if (!Object.hasOwn(OAUTH_CLIENTS, clientId)) {
    throw new OAuthError('invalid_client', `Unknown client_id "${clientId.slice(0, 100)}"`, 401);
  }
  return clientId;
}

/**
 * `scope`: permission names separated by spaces (RFC 6749 §3.3); absent or blank asks for all of the
 * approving user's permissions (null).
 */
export function parseScope(scope: string | undefined): string[] | null {
  const names = (scope ?? '').split(' ').filter(Boolean);
  if (names.length === 0) return null;
  const unknown = names.find((name) => !isPermission(name));
  if (unknown !== undefined) {
    throw new OAuthError(
      'invalid_scope',
      `Unknown scope "${unknown.slice(0, 100)}": a scope is a permission name`,
    );
  }
  return [...new Set(names)];
}

function drawUserCode(): string {
  let code = '';
  for (let i = 0; i < USER_CODE_LENGTH; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

const userCodeHash = (normalized: string) => sha256Hex(`user-code:${normalized}`);

/** RFC 8628 §3.1–3.2: a device asks to be signed in; answers its codes and where its user goes. */
export async function createDeviceAuthorization(
  db: Db,
  params: { clientId?: string; scope?: string },
  meta: { ip: string; userAgent?: string },
  limits: Limits,
) {
  const clientId = requireClient(params.clientId);
  const scope = parseScope(params.scope);
  const now = new Date();
  await deleteExpiredDeviceAuthorizations(db, new Date(now.getTime() - EXPIRED_KEPT_MS));
  if ((await countPendingFromAddress(db, meta.ip, now)) >= MAX_PENDING_PER_ADDRESS) {
    throw new OAuthError(
      'slow_down',
      'Too many device sign-in requests from your address are waiting; try again later',
      429,
      DEVICE_CODE_TTL_SECONDS,
    );
  }
  const deviceCode = randomToken(32);
  for (;;) {
    const userCode = drawUserCode();
    const inserted = await insertDeviceAuthorization(db, {
      deviceCodeHash: sha256Hex(deviceCode),
      userCodeHash: userCodeHash(userCode),
      clientId,
      scope,
      ip: meta.ip,
      userAgent: meta.userAgent,
      expiresAt: new Date(now.getTime() + DEVICE_CODE_TTL_SECONDS * 1000),
      intervalSeconds: POLL_INTERVAL_SECONDS,
    });
    // A user code still in use by another request: draw another (rare: 18^8 codes).
    if (!inserted) continue;
    const formatted = formatUserCode(userCode);
    const verificationUri = `${limits.publicUrl}/auth/device`;
    return {
      device_code: deviceCode,
      user_code: formatted,
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?user_code=${encodeURIComponent(formatted)}`,
      expires_in: DEVICE_CODE_TTL_SECONDS,
      interval: POLL_INTERVAL_SECONDS,
    };
  }
}

/**
 * The token endpoint. `refresh_token`: see refreshDeviceTokens.
 * RFC 8628 §3.4–3.5: a device polls for its token. Pending: `authorization_pending`, or `slow_down`
 * (and a longer interval) when it polled sooner than the interval; denied: `access_denied`; past its
 * expiry: `expired_token`; approved: the access token, once.
 */
export async function exchangeDeviceCode(
  db: Db,
  params: {
    grantType?: string;
    deviceCode?: string;
    clientId?: string;
    refreshToken?: string;
    scope?: string;
  },
  meta: { ip: string; userAgent?: string },
  limits: DeviceTokenLimits,
): Promise<DeviceTokens> {
  if (!params.grantType) throw new OAuthError('invalid_request', 'grant_type is required');
  if (params.grantType === 'refresh_token') {
    const { refreshToken, scope } = params;
    return refreshDeviceTokens(
      db,
      { clientId: requireClient(params.clientId), refreshToken, scope },
      meta,
      limits,
    );
  }
  if (params.grantType !== DEVICE_CODE_GRANT_TYPE) {
    throw new OAuthError(
      'unsupported_grant_type',
      `Only grant_type ${DEVICE_CODE_GRANT_TYPE} and refresh_token are supported`,
    );
  }
  const clientId = requireClient(params.clientId);
  if (!params.deviceCode) throw new OAuthError('invalid_request', 'device_code is required');
  const row = await findByDeviceCodeHash(db, sha256Hex(params.deviceCode));
  if (!row || row.clientId !== clientId) {
    throw new OAuthError('invalid_grant', 'Unknown device_code (or issued to another client)');
  }
  if (row.status === 'exchanged') throw new OAuthError('invalid_grant', 'This device_code was already used');
  if (row.status === 'denied') throw new OAuthError('access_denied', 'The user denied the sign-in');
  const now = new Date();
  if (row.expiresAt <= now) {
    // Approved but never collected: the session nobody holds a token for ends with it.
    if (row.status === 'approved' && row.sessionId) await endSession(db, row.sessionId, limits, null);
    throw new OAuthError('expired_token', 'The device_code has expired; start again');
  }
  if (row.status === 'pending') {
    const interval = await recordPoll(db, row.id, now);
    if (interval !== undefined && interval > row.intervalSeconds) {
      throw new OAuthError('slow_down', `Polled too often: wait ${interval} seconds between polls`);
    }
    throw new OAuthError('authorization_pending', 'The user has not approved the sign-in yet');
  }
  return db.transaction(async (tx) => {
    const exchanged = await markExchanged(tx, row.id);
    if (!exchanged) throw new OAuthError('invalid_grant', 'This device_code was already used');
    const issued = exchanged.sessionId
      ? await issueDeviceTokens(tx, exchanged.sessionId, row.scope, limits)
      : null;
    if (!issued) {
      throw new OAuthError('invalid_grant', 'The sign-in was ended before its token was collected');
    }
    // The device now holds a token of the session: its sign-in, as the access topic tells a SIEM.
    await recordEvent(tx, {
      type: 'session.device_signed_in',
      actorOriginatorId: null,
      actorUserId: row.userId,
      subjectType: 'session',
      subjectId: exchanged.sessionId!,
      data: {
        userId: row.userId,
        clientId: row.clientId,
        deviceAuthorizationId: row.id,
        scope: row.scope,
        ip: meta.ip,
        userAgent: meta.userAgent ?? null,
      },
    });
    return issued;
  });
}

/** A code as typed, as its stored hash; a code that cannot be one is refused by name. */
function userCodeHashOf(input: string): string {
  const code = normalizeUserCode(input);
  const valid = code.length === USER_CODE_LENGTH && [...code].every((c) => USER_CODE_ALPHABET.includes(c));
  if (!valid) {
    throw AppError.validation([
      { field: 'userCode', message: 'userCode must be the 8 letters your device shows, like WDJB-MJHT' },
    ]);
  }
  return userCodeHash(code);
}

const wrongCode = () =>
  new AppError(
    'NOT_FOUND',
    'No sign-in request is waiting with this code: check it, or start again on the device',
  );

/** What the page shows of a request before its user decides. */
function presentRequest(
  row: DeviceAuthorizationRow,
  user: UserPrincipal,
  userCode: string,
): DeviceAuthorizationRequest {
  const held = permissionsForRole(user.role);
  return {
    userCode: formatUserCode(userCode),
    clientId: row.clientId,
    clientName: clientDisplayName(row.clientId),
    permissions: row.scope
      ? narrowPermissions(held, row.scope)
      : PERMISSIONS.filter((permission) => hasPermission(held, permission)),
    allPermissions: row.scope === null,
    ip: row.ip,
    userAgent: row.userAgent,
    requestedAt: iso(row.createdAt),
    expiresAt: iso(row.expiresAt),
  };
}

/** The waiting request of a user code, for its user to see; wrong codes are throttled. */
export async function findDeviceAuthorization(
  db: Db,
  user: UserPrincipal,
  userCode: string,
  ip: string,
  limits: Limits,
): Promise<DeviceAuthorizationRequest> {
  const hash = userCodeHashOf(userCode);
  const row = await withGuessThrottle(
    db,
    guessLimits,
    { userId: user.userId, ip },
    limits.loginThrottle,
    () => findPendingByUserCodeHash(db, hash, new Date()),
    wrongCode,
  );
  return presentRequest(row, user, normalizeUserCode(userCode));
}

const guessLimits = {
  kind: 'device-code',
  perUser: USER_CODE_FAILURES_PER_USER,
  perAddress: USER_CODE_FAILURES_PER_ADDRESS,
};

/**
 * The audit event of a decision (the access topic of export streams and webhooks): who decided, for
 * which client and permissions, the device's address and agent beside the browser's, and the session
 * an approval started. It names no record a reader could be kept from (users and sessions only), and
 * neither code: the device code still works until it is exchanged.
 */
function decisionEvent(
  user: UserPrincipal,
  decided: DeviceAuthorizationRow,
  sessionId: string | null,
  ip: string,
): NewEvent {
  return {
    type: `device_authorization.${decided.status === 'approved' ? 'approved' : 'denied'}`,
    ...actorOf(user),
    subjectType: 'device_authorization',
    subjectId: decided.id,
    data: {
      userId: user.userId,
      clientId: decided.clientId,
      scope: decided.scope,
      sessionId,
      device: { ip: decided.ip, userAgent: decided.userAgent, requestedAt: iso(decided.createdAt) },
      decidedFrom: { ip },
    },
  };
}

/**
 * Approves or denies the waiting request of a user code. Approving starts the session its client's
 * token will open, holding at most the user's permissions, narrowed to the scope asked for.
 */
export async function decideDeviceAuthorization(
  db: Db,
  user: UserPrincipal,
  userCode: string,
  status: 'approved' | 'denied',
  ip: string,
  limits: Limits,
): Promise<DeviceAuthorizationDecision> {
  const hash = userCodeHashOf(userCode);
  const row = await withGuessThrottle(
    db,
    guessLimits,
    { userId: user.userId, ip },
    limits.loginThrottle,
    () =>
      db.transaction(async (tx) => {
        const decided = await decidePending(tx, hash, { status, userId: user.userId, now: new Date() });
        if (!decided) return decided;
        const session =
          status === 'approved'
            ? await startDeviceSession(
                tx,
                {
                  userId: user.userId,
                  clientId: decided.clientId,
                  permissions: decided.scope,
                  ip: decided.ip ?? undefined,
                  userAgent: decided.userAgent ?? undefined,
                },
                limits,
              )
            : null;
        if (session) await setDeviceAuthorizationSession(tx, decided.id, session.id);
        await recordEvent(tx, decisionEvent(user, decided, session?.id ?? null, ip));
        return decided;
      }),
    wrongCode,
  );
  return { status, clientName: clientDisplayName(row.clientId) };
}
