import type {
  AdjustReputationBody,
  CreateCommunityMemberBody,
  Originator,
  UpdateCommunityMemberBody,
} from '@scamtrail/domain/originators';
import { REPUTATION_LIMIT, REPUTATION_RANGE_MESSAGE } from '@scamtrail/domain/originators';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { insertEvent } from '../events/events.repository';
import { changeOriginatorOfType, createOriginatorOfType, type UniqueName } from './originator-writes.service';
import { lockReputation, updateOriginator } from './originators.repository';
import { requireOriginatorRow, toOriginator } from './originators.service';

const UNIQUE_USERNAME: UniqueName = {
  constraint: 'originators_community_username_idx',
  field: 'username',
  message: 'A community member with this username already exists',
};

export function createCommunityMember(
  db: Db,
  body: CreateCommunityMemberBody,
  actorOriginatorId: string | null,
): Promise<Originator> {
  return createOriginatorOfType(
    db,
    {
      type: 'community_member',
      username: body.username,
      email: body.email ?? null,
      notes: body.notes ?? null,
      reputation: body.reputation,
    },
    actorOriginatorId,
    UNIQUE_USERNAME,
  );
}

export function updateCommunityMember(
  db: Db,
  id: string,
  body: UpdateCommunityMemberBody,
  actorOriginatorId: string | null,
): Promise<Originator> {
  return changeOriginatorOfType(db, id, 'community_member', body, actorOriginatorId, UNIQUE_USERNAME);
}

/**
 * Adds `delta` to a community member's reputation and records the reason as an event, in one
 * transaction; the row is locked so concurrent adjustments add up. The result stays within
 * +/- REPUTATION_LIMIT.
 */
export async function adjustReputation(
  db: Db,
  id: string,
  body: AdjustReputationBody,
  actorOriginatorId: string | null,
): Promise<Originator> {
  await db.transaction(async (tx) => {
    const before = await lockReputation(tx, id);
    if (before === undefined) throw AppError.notFound('Community Member');
    const after = before + body.delta;
    if (Math.abs(after) > REPUTATION_LIMIT) {
      throw AppError.validation([{ field: 'delta', message: REPUTATION_RANGE_MESSAGE }]);
    }
    await updateOriginator(tx, id, 'community_member', { reputation: after });
    await insertEvent(tx, {
      type: 'community_member.reputation_adjusted',
      actorOriginatorId,
      subjectType: 'originator',
      subjectId: id,
      data: { delta: body.delta, reason: body.reason, before, after },
    });
  });
  return toOriginator(await requireOriginatorRow(db, id, 'community_member'));
}
