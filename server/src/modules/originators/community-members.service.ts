import type {
  AdjustReputationBody,
  CreateCommunityMemberBody,
  Originator,
  UpdateCommunityMemberBody,
} from '@scamtrail/domain/originators';
import { hasPermission } from '@scamtrail/domain/permissions';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import type { IfMatch } from '../../lib/preconditions';
import { changeOriginatorOfType, createOriginatorOfType, type UniqueName } from './originator-writes.service';
import { requireOriginatorRow, toOriginator } from './originators.service';
import { applyReputationChange } from './reputation.service';

const UNIQUE_USERNAME: UniqueName = {
  constraint: 'originators_community_username_idx',
  field: 'username',
  message: 'A community member with this username already exists',
};

export const INITIAL_REPUTATION_MESSAGE =
  'Giving a new community member a reputation other than 0 needs community_member.edit, as adjusting one does';

/**
 * Creates a community member. A reputation other than 0 is the trust their reports start with (the
 * confidence of what they record), so giving one needs `community_member.edit`, as adjusting it does
 * (403 naming `reputation`): `community_member.create` alone, which investigators hold, makes members
 * of reputation 0 only, never a "trusted" reporter to record on behalf of.
 */
export function createCommunityMember(
  db: Db,
  body: CreateCommunityMemberBody,
  principal: Pick<Principal, 'permissions' | 'originatorId'>,
): Promise<Originator> {
  if (body.reputation !== 0 && !hasPermission(principal.permissions, 'community_member.edit')) {
    throw AppError.forbiddenField('reputation', INITIAL_REPUTATION_MESSAGE, 'community_member.edit');
  }
  const actorOriginatorId = principal.originatorId;
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
