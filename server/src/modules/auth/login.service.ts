import type { CurrentUser, LoginBody } from '@scamtrail/domain/auth';
import { permissionsForRole } from '@scamtrail/domain/permissions';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { burnPasswordCheck, verifyPassword } from '../../lib/password';
import { findUserByEmail, setLastLoginAt } from '../users/users.repository';
import { startSession, type SessionLimits } from './sessions.service';
import { clearFailures, countRecentFailures, pruneFailures, recordFailures } from './throttle.repository';

/** Failed sign-ins allowed per window before further attempts are refused with 429. */
export const LOGIN_THROTTLE = { windowMs: 15 * 60_000, perAccount: 5, perAddress: 20 } as const;

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

/**
 * Checks credentials and starts a session. Wrong e-mail, wrong password and a disabled account all
 * answer the same 401, in about the same time. Counting happens before the password check so a
 * throttled caller learns nothing.
 */
export async function login(
  db: Db,
  body: LoginBody,
  limits: SessionLimits,
  meta: { ip: string; userAgent?: string },
): Promise<{ user: CurrentUser; token: string; expiresAt: Date }> {
  const email = body.email.trim().toLowerCase();
  const accountKey = `account:${email}`;
  const addressKey = `address:${meta.ip}`;
  const since = new Date(Date.now() - LOGIN_THROTTLE.windowMs);
  const [accountFailures, addressFailures] = await Promise.all([
    countRecentFailures(db, accountKey, since),
    countRecentFailures(db, addressKey, since),
  ]);
  if (accountFailures >= LOGIN_THROTTLE.perAccount || addressFailures >= LOGIN_THROTTLE.perAddress) {
    throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_ATTEMPTS);
  }

  const user = await findUserByEmail(db, email);
  const ok = user
    ? await verifyPassword(user.passwordHash, body.password)
    : (await burnPasswordCheck(body.password), false);
  if (!user || !ok || user.disabled) {
    await recordFailures(db, [accountKey, addressKey]);
    await pruneFailures(db, since);
    throw AppError.unauthenticated(INVALID_CREDENTIALS);
  }
  await clearFailures(db, accountKey);
  // The session and the sign-in time go together: "invited" ends only with a session that exists.
  const session = await db.transaction(async (tx) => {
    const started = await startSession(tx, user.id, limits, meta);
    await setLastLoginAt(tx, user.id, new Date());
    return started;
  });
  return {
    user: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      permissions: permissionsForRole(user.role),
      originatorId: user.originatorId,
    },
    ...session,
  };
}
