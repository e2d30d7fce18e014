import type { ChangePasswordBody } from '@scamtrail/domain/auth';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { recordEvent } from '../events/events.service';
import { hashPassword, verifyPassword } from '../../lib/password';
import { findUserById, updateUser } from '../users/users.service';
import { revokeUserSessions } from './sessions.repository';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/**
 * The signed-in user changes their own password. The current one must be given (a session left open
 * on a shared computer is not enough), and every other session of the user ends; this one stays. The
 * change is recorded (`password.changed`), never the password.
 */
export async function changeOwnPassword(
  db: Db,
  userId: string,
  sessionId: string,
  body: ChangePasswordBody,
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw AppError.unauthenticated();
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw AppError.validation(
      [{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD }],
      WRONG_CURRENT_PASSWORD,
    );
  }
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
    await revokeUserSessions(tx, userId, sessionId);
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
