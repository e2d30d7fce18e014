import type { CustodyAction } from '@scamtrail/domain/evidence';
import type { DbOrTx } from '../../db/client';
import type { Principal } from '../auth/principal';
import { actorOf } from '../events/audit-event';
import { insertCustodyRow } from './custody.repository';

/**
 * Appends a chain-of-custody row for an evidence item. Rows are never updated or deleted; call it in
 * the transaction of the action it records (a link, an upload) or on its own for reads.
 */
export async function recordCustody(
  db: DbOrTx,
  principal: Principal,
  evidenceId: string,
  action: CustodyAction,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await insertCustodyRow(db, { evidenceId, action, ...actorOf(principal), detail });
}
