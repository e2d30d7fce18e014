import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { hashPassword } from '../../lib/password';
import { randomToken } from '../../lib/tokens';
import { countUsers, insertUserWithOriginator } from './users.repository';

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/**
 * On first start (no users at all) creates the administrator from ADMIN_EMAIL / ADMIN_PASSWORD, or
 * admin@localhost with a random password printed once. Returns what it created, or null.
 */
export async function ensureAdministrator(
  db: Db,
  options: { adminEmail?: string; adminPassword?: string },
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<{ email: string; generatedPassword?: string } | null> {
  if ((await countUsers(db)) > 0) return null;
  const email = options.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = options.adminPassword ? undefined : randomToken(15);
  const password = options.adminPassword ?? generatedPassword!;
  await db.transaction(async (tx) => {
    await insertUserWithOriginator(tx, {
      email,
      passwordHash: await hashPassword(password),
      firstName: 'Admin',
      lastName: 'User',
      role: 'admin',
    });
  });
  if (generatedPassword) {
    log.warn(
      `Created the administrator ${email} with the password ${generatedPassword} - it is shown only once; sign in and change it on the Profile page.`,
    );
  } else {
    log.info(`Created the administrator ${email} from ADMIN_EMAIL.`);
  }
  return { email, generatedPassword };
}
