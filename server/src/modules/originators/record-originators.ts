import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findOriginatorRow, type OriginatorRow } from './originators.repository';

const FIELD = 'onBehalfOfOriginatorId';

/**
 * Why an originator cannot be written in the name of, or null when they can: only an active community
 * member. A team member or an automation speaks for itself (recording "by" them would let anyone write
 * in a colleague's or a system's name), and a deactivated member is no longer taken reports from.
 */
function refusal(row: OriginatorRow | undefined): string | null {
  if (!row) return 'Originator not found';
  if (row.originator.type !== 'community_member') {
    return 'Only a community member can be recorded as the one who reported it';
  }
  if (!row.originator.active) return 'This community member is deactivated';
  return null;
}

/**
 * Who a new record (identifier, case, journal entry, evidence, an import's identifiers) is originated
 * by: the caller, or, when the caller enters a report on an active community member's behalf (one who
 * phoned it in), that member, with the caller recorded as the proxy. Naming the caller themselves is
 * the caller's own record. Anyone else is a 400 naming the field; every route that takes
 * `onBehalfOfOriginatorId` comes through here.
 */
export async function resolveRecordOriginators(
  db: DbOrTx,
  callerOriginatorId: string,
  onBehalfOfOriginatorId: string | undefined | null,
): Promise<{ originatorId: string; proxyOriginatorId: string | null }> {
  if (!onBehalfOfOriginatorId || onBehalfOfOriginatorId === callerOriginatorId) {
    return { originatorId: callerOriginatorId, proxyOriginatorId: null };
  }
  const message = refusal(await findOriginatorRow(db, onBehalfOfOriginatorId));
  if (message) throw AppError.validation([{ field: FIELD, message }]);
  return { originatorId: onBehalfOfOriginatorId, proxyOriginatorId: callerOriginatorId };
}
