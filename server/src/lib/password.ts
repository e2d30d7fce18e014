import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { ConcurrencyLimit, OverCapacityError } from './concurrency-limit';
import { AppError } from './errors';
import { passwordWeakness } from './password-strength';

/** Argon2id (the library's `Algorithm.Argon2id`, a const enum that isolated modules cannot read). */
const ARGON2ID = 2;

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Password hashes running at once, process-wide. Each takes a CPU and 19 MiB for tens of
 * milliseconds, and sign-in runs outside admission (plugins/admission.ts), so without a bound a flood
 * of sign-ins would take every CPU and the thread pool from the other requests. Half the CPUs are left
 * to everything else. The queue is short: a sign-in beyond it answers 503 with Retry-After at once
 * instead of holding memory and a socket while it waits.
 */
export const passwordHashes = new ConcurrencyLimit(
  Math.max(1, Math.floor(availableParallelism() / 2)),
  32,
  50,
);

async function limited<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await passwordHashes.run(task);
  } catch (error) {
    if (!(error instanceof OverCapacityError)) throw error;
    const seconds = error.retryAfterSeconds;
    const busy = new AppError(
      'UNAVAILABLE',
      `Too many sign-ins at once; try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
    );
    busy.retryAfterSeconds = seconds;
    throw busy;
  }
}

/**
 * Hashes a password that is being set. A password is hashed only to be set, and every place that sets
 * one (accounts, resets, your own change, the first administrator) comes through here, so this is
 * where one that is common or easily guessed is refused: 400 naming `field`.
 */
export async function hashPassword(
  password: string,
  field: { name: string; label: string } = { name: 'password', label: 'Password' },
): Promise<string> {
  const weakness = passwordWeakness(password, field.label);
  if (weakness) throw AppError.validation([{ field: field.name, message: weakness }]);
  return limited(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await limited(() => verify(passwordHash, password));
  } catch (error) {
    if (error instanceof AppError) throw error;
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check so an unknown e-mail cannot be told from a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  // A refused first try (the queue was full) is not kept: the next sign-in makes the hash again.
  dummyHash ??= limited(() => hash('dummy-password-for-timing', OPTIONS)).catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  await verifyPassword(await dummyHash, password);
}
