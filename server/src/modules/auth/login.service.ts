import { setTimeout as sleepFor } from 'node:timers/promises';
import type { CurrentUser, LoginBody } from '@scamtrail/domain/auth';
import { permissionsForRole } from '@scamtrail/domain/permissions';
import type { LoginThrottle } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { burnPasswordCheck, verifyPassword } from '../../lib/password';
import { findUserByEmail, setLastLoginAt, type UserRow } from '../users/users.service';
import { recordEvent } from '../events/events.service';
import { signInDelayMs, throttleAddress } from './login-throttle';
import { startSession, type SessionLimits } from './sessions.service';
import {
  clearFailures,
  countFailures,
  deleteAttempt,
  newestAddressFailures,
  pruneFailures,
  recordAttempt,
} from './throttle.repository';

export const INVALID_CREDENTIALS = 'Invalid email or password';

export function tooManyAttempts(throttle: Pick<LoginThrottle, 'windowMs'>): string {
  const minutes = Math.ceil(throttle.windowMs / 60_000);
  return `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}

/** The 429 of an address that spent its budget of failures on any accounts. */
export function tooManyFromAddress(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return AppError.tooManyRequests(
    `Too many failed sign-in attempts from your network. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    retryAfterSeconds,
  );
}

/**
 * Refuses (429) an address that has failed `addressFailureLimit` times within the address window, on
 * any accounts: password spraying tries a few passwords on many accounts and never trips the limits
 * per account. Retry-After is when the oldest of those failures leaves the window, allowing one more.
 */
async function checkAddressBudget(
  db: Db,
  address: string,
  throttle: LoginThrottle,
  attemptId?: string,
): Promise<void> {
  const since = new Date(Date.now() - throttle.addressWindowMs);
  const limit = throttle.addressFailureLimit;
  const newest = await newestAddressFailures(db, address, since, limit, attemptId);
  if (newest.length < limit) return;
  if (attemptId) await deleteAttempt(db, attemptId);
  const freeAt = newest[limit - 1].getTime() + throttle.addressWindowMs;
  throw tooManyFromAddress((freeAt - Date.now()) / 1000);
}

/**
 * Checks credentials and starts a session. Wrong e-mail, wrong password and a disabled account all
 * answer the same 401, in about the same time.
 *
 * Throttling (login-throttle.ts) stops guessing without locking out someone who knows the password:
 * an address that keeps failing on an account is refused (429) for that account only, an address that
 * spent its budget of failures on any accounts is refused on all of them, and an account failing from
 * many addresses makes every attempt on it wait a growing, capped delay. A right password from another
 * address always gets in. All are decided before the password is checked, so a throttled caller
 * learns nothing and costs no hash; the attempt is recorded first, so parallel guesses count against
 * each other.
 */
export async function login(
  db: Db,
  body: LoginBody,
  options: SessionLimits & { loginThrottle: LoginThrottle },
  meta: { ip: string; userAgent?: string },
): Promise<{ user: CurrentUser; token: string; expiresAt: Date }> {
  const throttle = options.loginThrottle;
  const email = body.email.trim().toLowerCase();
  const address = throttleAddress(meta.ip);
  const since = new Date(Date.now() - throttle.windowMs);
  // Checked before the attempt is recorded, so a spraying address is refused with one query; and
  // again after, since attempts in flight at once all passed the first check.
  await checkAddressBudget(db, address, throttle);
  const attemptId = await recordAttempt(db, email, address);
  await checkAddressBudget(db, address, throttle, attemptId);
  const failures = await countFailures(db, email, address, since, attemptId);
  if (failures.fromAddress >= throttle.maxFailuresPerAddress) {
    // A refused attempt is no guess: the address is free again a window after its last real failure.
    await deleteAttempt(db, attemptId);
    throw AppError.tooManyRequests(tooManyAttempts(throttle), throttle.windowMs / 1000);
  }
  const delayMs = signInDelayMs(failures.onAccount, throttle);
  if (delayMs > 0) await (throttle.sleep ?? sleepFor)(delayMs);

  const user = await findUserByEmail(db, email);
  let ok: boolean;
  try {
    ok = user
      ? await verifyPassword(user.passwordHash, body.password)
      : (await burnPasswordCheck(body.password), false);
  } catch (error) {
    // Refused before its password was checked (too many hashes waiting, 503): it was no guess.
    await deleteAttempt(db, attemptId);
    throw error;
  }
  if (!user || !ok || user.disabled) {
    // The attempt stays recorded: it was a failure. Failures older than both windows count for nothing.
    await pruneFailures(db, new Date(Date.now() - Math.max(throttle.windowMs, throttle.addressWindowMs)));
    throw AppError.unauthenticated(INVALID_CREDENTIALS);
  }
  // This address knows the password: its own failures (and this attempt) are forgotten.
  await clearFailures(db, email, address);
  return signIn(db, user, options, meta, { method: 'password' });
}

/** The signed-in user as `/api/auth/me` and the sign-in routes answer it. */
export function currentUserOf(
  user: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'role' | 'originatorId'>,
): CurrentUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    permissions: permissionsForRole(user.role),
    originatorId: user.originatorId,
  };
}

/** How the credentials of a sign-in were checked: a password, or which passkey. */
export type SignInProof =
  { method: 'password' } | { method: 'passkey'; passkey: { id: string; name: string } };

/**
 * Starts a session for a user whose credentials (password or passkey) were just checked, and records
 * the sign-in. The session, the sign-in time and its `session.signed_in` event (the user's security
 * activity, the access topic of export streams) go together: "invited" ends only with a session that
 * exists. The event names the session's client as the session keeps it (address, user agent), never
 * its token.
 */
export async function signIn(
  db: Db,
  user: UserRow,
  limits: SessionLimits,
  meta: { ip: string; userAgent?: string },
  proof: SignInProof,
): Promise<{ user: CurrentUser; token: string; expiresAt: Date }> {
  const { token, expiresAt } = await db.transaction(async (tx) => {
    const started = await startSession(tx, user.id, limits, meta);
    await setLastLoginAt(tx, user.id, new Date());
    await recordEvent(tx, {
      type: 'session.signed_in',
      actorOriginatorId: user.originatorId,
      actorUserId: user.id,
      subjectType: 'session',
      subjectId: started.id,
      data: {
        userId: user.id,
        method: proof.method,
        ...(proof.method === 'passkey'
          ? { passkeyId: proof.passkey.id, passkeyName: proof.passkey.name }
          : {}),
        ip: meta.ip,
        userAgent: meta.userAgent ?? null,
      },
    });
    return started;
  });
  return { user: currentUserOf(user), token, expiresAt };
}
