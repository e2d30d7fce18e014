import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { CHALLENGE_TTL_MS } from '@scamtrail/domain/passkeys';
import type { DbOrTx } from '../../db/client';
import { webauthnChallenges } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

/**
 * WebAuthn challenges: issued by the server, stored, answered within CHALLENGE_TTL_MS, used once.
 * The answer names its challenge in clientDataJSON; `consumeChallenge` marks it used in the same
 * statement that checks it is unused and unexpired, so two answers racing for one challenge cannot
 * both succeed.
 */

export type ChallengePurpose = (typeof webauthnChallenges.$inferSelect)['purpose'];
export type ChallengeRow = typeof webauthnChallenges.$inferSelect;

export const CHALLENGE_UNKNOWN = 'The passkey answer does not match a challenge this server issued';
export const CHALLENGE_USED = 'This passkey challenge has already been used; please try again';
export const CHALLENGE_EXPIRED = 'This passkey challenge has expired; please try again';

/** A fresh random challenge, URL-safe base64 (32 bytes). */
export function randomChallenge(): string {
  return randomBytes(32).toString('base64url');
}

export async function issueChallenge(
  db: DbOrTx,
  values: {
    purpose: ChallengePurpose;
    /** Defaults to a random one; signing passes its own (content hash and nonce). */
    challenge?: string;
    userId?: string | null;
    journalEntryId?: string | null;
    contentHash?: string | null;
  },
  now = new Date(),
): Promise<ChallengeRow> {
  // Expired challenges are of no use to anyone: the table holds only the last few minutes.
  await db
    .delete(webauthnChallenges)
    .where(lt(webauthnChallenges.expiresAt, new Date(now.getTime() - CHALLENGE_TTL_MS)));
  const [row] = await db
    .insert(webauthnChallenges)
    .values({
      challenge: values.challenge ?? randomChallenge(),
      purpose: values.purpose,
      userId: values.userId ?? null,
      journalEntryId: values.journalEntryId ?? null,
      contentHash: values.contentHash ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    })
    .returning();
  return row!;
}

/** The challenge a WebAuthn answer names in its clientDataJSON, or a 400 when it cannot be read. */
export function challengeOfResponse(clientDataJSON: string): string {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (parsed as { challenge?: unknown }).challenge;
    if (typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 1024) return challenge;
  } catch {
    // Answered below.
  }
  throw AppError.validation([
    { field: 'response.response.clientDataJSON', message: 'clientDataJSON must be JSON naming a challenge' },
  ]);
}

/**
 * Marks the challenge used and returns it, when it was issued for this purpose (and this user, when
 * given), is unused and has not expired. Otherwise a 400 saying which: unknown, used or expired.
 */
export async function consumeChallenge(
  db: DbOrTx,
  challenge: string,
  expected: { purpose: ChallengePurpose; userId?: string },
  now = new Date(),
): Promise<ChallengeRow> {
  const matches = and(
    eq(webauthnChallenges.challenge, challenge),
    eq(webauthnChallenges.purpose, expected.purpose),
    expected.userId === undefined ? undefined : eq(webauthnChallenges.userId, expected.userId),
  );
  const [consumed] = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(and(matches, isNull(webauthnChallenges.usedAt), gt(webauthnChallenges.expiresAt, now)))
    .returning();
  if (consumed) return consumed;
  const [existing] = await db
    .select({ usedAt: webauthnChallenges.usedAt, expiresAt: webauthnChallenges.expiresAt })
    .from(webauthnChallenges)
    .where(matches)
    .limit(1);
  const message = !existing ? CHALLENGE_UNKNOWN : existing.usedAt ? CHALLENGE_USED : CHALLENGE_EXPIRED;
  throw new AppError('BAD_REQUEST', message, { field: 'response' });
}
