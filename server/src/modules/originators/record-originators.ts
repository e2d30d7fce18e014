import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findOriginatorRow } from './originators.repository';

/**
 * Who a new record (identifier, case, journal entry, evidence) is originated by: the caller, or, when
 * the caller enters a report on someone's behalf (a community member who phoned it in), that
 * originator, with the caller recorded as the proxy. 400 naming the field when that originator is unknown.
 */
export async function resolveRecordOriginators(
  db: DbOrTx,
  callerOriginatorId: string,
  onBehalfOfOriginatorId: string | undefined | null,
): Promise<{ originatorId: string; proxyOriginatorId: string | null }> {
  if (!onBehalfOfOriginatorId || onBehalfOfOriginatorId === callerOriginatorId) {
    return { originatorId: callerOriginatorId, proxyOriginatorId: null };
  }
  if (!(await findOriginatorRow(db, onBehalfOfOriginatorId))) {
    throw AppError.validation([{ field: 'onBehalfOfOriginatorId', message: 'Originator not found' }]);
  }
  return { originatorId: onBehalfOfOriginatorId, proxyOriginatorId: callerOriginatorId };
}
