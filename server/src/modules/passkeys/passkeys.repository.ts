import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passkeys } from '../../db/schema/index';

export type PasskeyRow = typeof passkeys.$inferSelect;

export async function insertPasskey(
  db: DbOrTx,
  values: Omit<typeof passkeys.$inferInsert, 'id' | 'createdAt' | 'lastUsedAt'>,
): Promise<PasskeyRow> {
  const [row] = await db.insert(passkeys).values(values).returning();
  return row;
}

/** The user's passkeys, newest first. */
export async function listUserPasskeys(db: DbOrTx, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
}

export async function findPasskeyByCredentialId(
  db: DbOrTx,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row;
}

/** The passkey when it is the user's own; another user's is as absent as a missing one. */
export async function findUserPasskey(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .limit(1);
  return row;
}

export async function renameUserPasskey(
  db: DbOrTx,
  userId: string,
  id: string,
  name: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

export async function deleteUserPasskey(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

/**
 * Records a use of the passkey: the authenticator's new counter, the time, and whether it is backed up
 * now (a passkey can become synced after registration). The counter must still grow (or stay 0 for an
 * authenticator that keeps none) when written, so two answers racing with one counter value cannot
 * both count; answers false for the one that lost.
 */
export async function recordPasskeyUse(
  db: DbOrTx,
  id: string,
  use: { counter: number; backedUp: boolean; at: Date },
): Promise<boolean> {
  const counterStillValid = use.counter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, use.counter);
  const rows = await db
    .update(passkeys)
    .set({ counter: use.counter, backedUp: use.backedUp, lastUsedAt: use.at })
    .where(and(eq(passkeys.id, id), counterStillValid))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}
