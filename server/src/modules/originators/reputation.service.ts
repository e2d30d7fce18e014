import { REPUTATION_LIMIT, REPUTATION_RANGE_MESSAGE } from '@scamtrail/domain/originators';
import { hasPermission } from '@scamtrail/domain/permissions';
import { toPagination } from '@scamtrail/domain/pagination';
import type {
  ReputationChangeSource,
  ReputationHistory,
  ReputationHistoryQuery,
} from '@scamtrail/domain/reputation';
import type { Db, DbOrTx } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { AppError } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import { recordEvent } from '../events/events.service';
import { findIdentifierRows } from '../identifiers/identifiers.service';
import { findOriginatorSummaries, lockReputation, updateOriginator } from './originators.repository';
import { findReputationChanges, REPUTATION_EVENT } from './reputation.repository';
import { requireOriginatorRow } from './originators.service';

export interface ReputationChangeInput {
  delta: number;
  reason: string;
  source: ReputationChangeSource;
  actorOriginatorId: string | null;
  /** The reviewed identifier, for a change a review made. */
  identifierId?: string;
}

/**
 * Adds `delta` to a community member's reputation and records it as an event, in the caller's
 * transaction; the row is locked, so concurrent changes add up. Past +/- REPUTATION_LIMIT, `refuse`
 * answers 400 naming `delta` (an adjustment by hand), `clamp` stops at the limit (a review, which the
 * limit must not block). Answers undefined when `id` is not a community member's originator.
 */
export async function applyReputationChange(
  tx: DbOrTx,
  id: string,
  change: ReputationChangeInput,
  beyondLimit: 'refuse' | 'clamp',
): Promise<{ before: number; after: number } | undefined> {
  const before = await lockReputation(tx, id);
  if (before === undefined) return undefined;
  let after = before + change.delta;
  if (Math.abs(after) > REPUTATION_LIMIT) {
    if (beyondLimit === 'refuse') {
      throw AppError.validation([{ field: 'delta', message: REPUTATION_RANGE_MESSAGE }]);
    }
    after = Math.sign(after) * REPUTATION_LIMIT;
  }
  if (after === before) return { before, after };
  await updateOriginator(tx, id, 'community_member', { reputation: after });
  await recordEvent(tx, {
    type: REPUTATION_EVENT,
    actorOriginatorId: change.actorOriginatorId,
    subjectType: 'originator',
    subjectId: id,
    data: {
      delta: after - before,
      reason: change.reason,
      before,
      after,
      source: change.source,
      ...(change.identifierId ? { identifierId: change.identifierId } : {}),
    },
  });
  return { before, after };
}

interface ReputationEventData {
  delta?: number;
  before?: number;
  after?: number;
  reason?: string;
  source?: ReputationChangeSource;
  identifierId?: string;
}

/**
 * A community member's reputation changes, newest first, a page at a time (off `events_subject_idx`).
 * The reviewed identifier is named only to callers who may view identifiers.
 */
export async function getReputationHistory(
  db: Db,
  id: string,
  query: ReputationHistoryQuery,
  principal: Principal,
): Promise<ReputationHistory> {
  await requireOriginatorRow(db, id, 'community_member');
  const { rows, total } = await findReputationChanges(db, id, query);
  const changes = rows.map((row) => ({ ...row, data: row.data as ReputationEventData }));
  const identifierIds = hasPermission(principal.permissions, 'identifier.view')
    ? changes.flatMap((row) => (row.data.identifierId ? [row.data.identifierId] : []))
    : [];
  const [actors, identifierRows] = await readsTogether(db, [
    () =>
      findOriginatorSummaries(
        db,
        changes.map((row) => row.actorOriginatorId),
      ),
    () => findIdentifierRows(db, [...new Set(identifierIds)]),
  ]);
  const identifiersById = new Map(identifierRows.map((row) => [row.id, row]));
  return {
    data: changes.map(({ id: eventId, at, actorOriginatorId, data }) => {
      const identifier = data.identifierId ? identifiersById.get(data.identifierId) : undefined;
      const before = data.before ?? 0;
      const after = data.after ?? before + (data.delta ?? 0);
      return {
        id: String(eventId),
        at: at.toISOString(),
        delta: after - before,
        before,
        after,
        reason: data.reason ?? '',
        source: data.source ?? 'manual',
        actor: (actorOriginatorId && actors.get(actorOriginatorId)) || null,
        identifier: identifier
          ? { id: identifier.id, type: identifier.type, displayValue: identifier.displayValue }
          : null,
      };
    }),
    pagination: toPagination(query.page, query.pageSize, total),
  };
}
