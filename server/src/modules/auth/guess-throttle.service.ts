import type { LoginThrottle } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { throttleAddress } from './login-throttle';
import {
  deleteAttempt,
  newestAccountFailures,
  newestAddressFailures,
  pruneFailures,
  recordAttempt,
} from './throttle.repository';

/** What is being guessed, and how many wrong guesses are allowed before the next must wait. */
export interface GuessLimits {
  /** Kept apart from sign-in failures: "device-code". */
  kind: string;
  perUser: number;
  perAddress: number;
  /** The 429 of a caller past its limit (default: "Too many wrong codes"). */
  tooMany?: (retryAfterSeconds: number) => AppError;
}

/**
 * Runs `check` (does this short code name something?) under the sign-in throttle's mechanism
 * (login-throttle.ts, the login_failures table): each guess is recorded as a failure before it is
 * checked, so parallel guesses count against each other, and stays one when `check` finds nothing.
 * A user with `perUser` wrong guesses within LOGIN_WINDOW_MINUTES, or an address with `perAddress`
 * within LOGIN_ADDRESS_WINDOW_MINUTES, is refused (429, Retry-After when the oldest of them leaves
 * its window) before the code is even looked at. A right guess is not counted.
 */
export async function withGuessThrottle<T>(
  db: Db,
  limits: GuessLimits,
  who: { userId: string; ip: string },
  throttle: LoginThrottle,
  check: () => Promise<T | undefined>,
  wrong: () => AppError,
): Promise<T> {
  const account = `${limits.kind}:${who.userId}`;
  const address = `${limits.kind}:${throttleAddress(who.ip)}`;
  const attemptId = await recordAttempt(db, account, address);
  const now = Date.now();
  const byUser = await newestAccountFailures(
    db,
    account,
    new Date(now - throttle.windowMs),
    limits.perUser,
    attemptId,
  );
  const byAddress = await newestAddressFailures(
    db,
    address,
    new Date(now - throttle.addressWindowMs),
    limits.perAddress,
    attemptId,
  );
  const freeAt = Math.max(
    byUser.length >= limits.perUser ? byUser[limits.perUser - 1].getTime() + throttle.windowMs : 0,
    byAddress.length >= limits.perAddress
      ? byAddress[limits.perAddress - 1].getTime() + throttle.addressWindowMs
      : 0,
  );
  if (freeAt > 0) {
    // A refused guess is no guess: the wait ends a window after the last real one.
    await deleteAttempt(db, attemptId);
    throw (limits.tooMany ?? tooManyWrongCodes)((freeAt - now) / 1000);
  }
  let found: T | undefined;
  try {
    found = await check();
  } catch (error) {
    // Not checked (too many password hashes waiting, 503): it was no guess.
    await deleteAttempt(db, attemptId);
    throw error;
  }
  if (found === undefined) {
    await pruneFailures(db, new Date(now - Math.max(throttle.windowMs, throttle.addressWindowMs)));
    throw wrong();
  }
  await deleteAttempt(db, attemptId);
  return found;
}

export function tooManyWrongCodes(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return AppError.tooManyRequests(
    `Too many wrong codes. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    retryAfterSeconds,
  );
}
