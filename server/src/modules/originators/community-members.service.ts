import type {
  AdjustReputationBody,
  CreateCommunityMemberBody,
  Originator,
  UpdateCommunityMemberBody,
} from '@scamtrail/domain/originators';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { IfMatch } from '../../lib/preconditions';
import { changeOriginatorOfType, createOriginatorOfType, type UniqueName } from './originator-writes.service';
import { requireOriginatorRow, toOriginator } from './originators.service';
import { applyReputationChange } from './reputation.service';

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
  ifMatch?: IfMatch,
): Promise<Originator> {
  return changeOriginatorOfType(
    db,
    id,
    'community_member',
    body,
    actorOriginatorId,
    UNIQUE_USERNAME,
    ifMatch,
  );
}

/** Adds `delta` to a community member's reputation by hand; the reason is kept on record. */
export async function adjustReputation(
  db: Db,
  id: string,
  body: AdjustReputationBody,
  actorOriginatorId: string | null,
): Promise<Originator> {
  await db.transaction(async (tx) => {
    const applied = await applyReputationChange(
      tx,
      id,
      { delta: body.delta, reason: body.reason, source: 'manual', actorOriginatorId },
      'refuse',
    );
    if (!applied) throw AppError.notFound('Community Member');
  });
  return toOriginator(await requireOriginatorRow(db, id, 'community_member'));
}
