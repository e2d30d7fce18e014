import type { Passkey } from '@scamtrail/domain/passkeys';
import { iso } from '../../lib/schemas';
import type { PasskeyRow } from './passkeys.repository';

/** A passkey as its owner sees it: never the key or the credential id. */
export function presentPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: iso(row.createdAt),
    lastUsedAt: iso(row.lastUsedAt),
    backedUp: row.backedUp,
    deviceType: row.deviceType,
  };
}
