import type { CustodyAction, CustodyEvent } from '@scamtrail/domain/evidence';
import type { DbOrTx } from '../../db/client';
import { iso } from '../../lib/schemas';
import type { Principal } from '../auth/principal';
import { RecordReferences } from '../events/hidden-references';
import { CUSTODY_REFERENCES } from '../events/record-references';
import type { CustodyEventRow } from './custody.repository';

const fieldsOf = (action: string) => CUSTODY_REFERENCES[action as CustodyAction] ?? {};

/**
 * Custody rows as this reader may read them: the case or journal entry a link names is told only as
 * far as they may see it (`{ hidden: kind }` otherwise), by the declarations of `CUSTODY_REFERENCES`,
 * as the History tells its events, and each one they may see named in `names` as the History names
 * it ("#12 Its title", an entry by its type and text), an entry with its case in `entryCases`. One
 * statement per kind of record the page names.
 */
export async function presentCustodyEvents(
  db: DbOrTx,
  principal: Principal,
  rows: readonly CustodyEventRow[],
): Promise<CustodyEvent[]> {
  const references = new RecordReferences();
  for (const row of rows) references.nameIn(row.detail, fieldsOf(row.action));
  await references.resolve(db, principal);
  return rows.map((row) => {
    const kind = row.actorApiKeyId ? 'api_key' : row.actorUserId ? 'user' : 'system';
    const fields = fieldsOf(row.action);
    const detail = references.redact(row.detail, fields) as CustodyEvent['detail'];
    return {
      id: row.id,
      action: row.action as CustodyEvent['action'],
      actor: { kind, name: row.actorName ?? (kind === 'system' ? 'System' : 'Unknown') },
      detail,
      // Named from what the reader is told: a hidden record is no longer in the detail.
      names: references.namesIn(detail, fields),
      entryCases: references.entryCasesIn(detail, fields),
      createdAt: iso(row.createdAt),
    };
  });
}
