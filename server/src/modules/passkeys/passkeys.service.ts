import type { Passkey } from '@scamtrail/domain/passkeys';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { UserPrincipal } from '../auth/principal';
import { recordEvent } from '../events/events.service';
import { presentPasskey } from './passkey-presenter';
import { deleteUserPasskey, listUserPasskeys, renameUserPasskey } from './passkeys.repository';

// What signing an entry (modules/signatures) reads and records of the signer's passkeys.
export { findPasskeyByCredentialId, listUserPasskeys, recordPasskeyUse } from './passkeys.repository';

/** The signed-in user's passkeys, newest first. */
export async function listOwnPasskeys(db: Db, user: UserPrincipal): Promise<Passkey[]> {
  return (await listUserPasskeys(db, user.userId)).map(presentPasskey);
}

/** Renames one of the user's passkeys; another user's is 404 like a missing one. */
export async function renameOwnPasskey(
  db: Db,
  user: UserPrincipal,
  id: string,
  name: string,
): Promise<Passkey> {
  const row = await db.transaction(async (tx) => {
    const renamed = await renameUserPasskey(tx, user.userId, id, name);
    if (!renamed) throw AppError.notFound('Passkey');
    await recordEvent(tx, {
      type: 'passkey.renamed',
      actorOriginatorId: user.originatorId,
      subjectType: 'passkey',
      subjectId: id,
      data: { userId: user.userId, name },
    });
    return renamed;
  });
  return presentPasskey(row);
}

/**
 * Deletes one of the user's passkeys: it no longer signs in. Signatures made with it keep the public
 * key they were made with, so they stay verifiable. Another user's is 404 like a missing one.
 */
export async function deleteOwnPasskey(db: Db, user: UserPrincipal, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await deleteUserPasskey(tx, user.userId, id);
    if (!deleted) throw AppError.notFound('Passkey');
    await recordEvent(tx, {
      type: 'passkey.removed',
      actorOriginatorId: user.originatorId,
      subjectType: 'passkey',
      subjectId: id,
      data: { userId: user.userId, name: deleted.name },
    });
  });
}
