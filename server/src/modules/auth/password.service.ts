import type { ChangePasswordBody } from '@scamtrail/domain/auth';
import type { LoginThrottle } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { recordEvent } from '../events/events.service';
import { hashPassword, verifyPassword } from '../../lib/password';
import { findUserById, updateUser } from '../users/users.service';
import { withGuessThrottle } from './guess-throttle.service';
import { revokeUserSessions } from './sessions.service';
import { signInEndNow } from './sign-in-end';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

function tooManyWrongPasswords(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return AppError.tooManyRequests(
    `Too many wrong current passwords. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    retryAfterSeconds,
  );
}

/**
 * The signed-in user changes their own password. The current one must be given (a session left open
 * on a shared computer is not enough), and every other session of the user ends; this one stays. The
 * change is recorded (`password.changed`), never the password.
 *
 * The current password is guessed no more freely here than at sign-in: wrong ones are budgeted per
 * account (whatever the address: a stolen session guesses from one) and per address, as sign-in
 * failures are (`withGuessThrottle`, LOGIN_MAX_FAILURES_PER_ADDRESS and LOGIN_ADDRESS_FAILURE_LIMIT
 * within their windows), then 429 with Retry-After before any hash.
 */
export async function changeOwnPassword(
  db: Db,
  who: { userId: string; sessionId: string; ip: string },
  body: ChangePasswordBody,
  throttle: LoginThrottle,
  /** A device sign-in's idle limit: what its keys ended with (`endSignIns`). */
  limits: { deviceSessionIdleMs: number },
): Promise<void> {
  const { userId, sessionId } = who;
  const user = await findUserById(db, userId);
  if (!user) throw AppError.unauthenticated();
  await withGuessThrottle(
    db,
    {
      kind: 'current-password',
      perUser: throttle.maxFailuresPerAddress,
      perAddress: throttle.addressFailureLimit,
      tooMany: tooManyWrongPasswords,
    },
    { userId, ip: who.ip },
    throttle,
    async () => ((await verifyPassword(user.passwordHash, body.currentPassword)) ? true : undefined),
    () =>
      AppError.validation(
        [{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD }],
        WRONG_CURRENT_PASSWORD,
      ),
  );
  if (body.currentPassword === body.newPassword) {
    const message = 'The new password must differ from the current one';
    throw AppError.validation([{ field: 'newPassword', message }], message);
  }
  const passwordHash = await hashPassword(body.newPassword, {
    name: 'newPassword',
    label: 'New password',
  });
  await db.transaction(async (tx) => {
    await updateUser(tx, userId, { passwordHash });
    await revokeUserSessions(tx, userId, signInEndNow(limits, user.originatorId), sessionId);
    // In the user's security activity (data.userId, events_account_user_idx).
    await recordEvent(tx, {
      type: 'password.changed',
      actorOriginatorId: user.originatorId,
      subjectType: 'user',
      subjectId: userId,
      data: { userId },
    });
  });
}
