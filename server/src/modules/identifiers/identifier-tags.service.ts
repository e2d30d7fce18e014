import type { IdentifierTags } from '@scamtrail/domain/identifiers/api';
import type { TagRef } from '@scamtrail/domain/tags';
import type { Db } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { insertEvent } from '../events/events.repository';
import { findTagsForIdentifiers } from '../tags/tags.repository';
import { replaceIdentifierTags } from '../tags/tags.service';
import { lockIdentifierOrFail } from './identifiers.service';

const sameTags = (a: readonly TagRef[], b: readonly TagRef[]) =>
  a.length === b.length && a.every((tag) => b.some((other) => other.id === tag.id));

const history = (tags: readonly TagRef[]) => tags.map(({ id, name }) => ({ id, name }));

/**
 * Makes the identifier's tags exactly `tagIds` (a repeated id counts once) and answers them by name.
 * 404 for an unknown identifier, 400 naming `tagIds.{index}` for an unknown tag. A change is recorded
 * as `identifier.tags_updated` with the tags before and after; setting the same tags records nothing.
 */
export async function setTagsOfIdentifier(
  db: Db,
  id: string,
  tagIds: readonly string[],
  principal: Principal,
): Promise<IdentifierTags> {
  return db.transaction(async (tx) => {
    await lockIdentifierOrFail(tx, id);
    const before = (await findTagsForIdentifiers(tx, [id])).get(id) ?? [];
    await replaceIdentifierTags(tx, id, tagIds);
    const after = (await findTagsForIdentifiers(tx, [id])).get(id) ?? [];
    if (!sameTags(before, after)) {
      await insertEvent(tx, {
        type: 'identifier.tags_updated',
        actorOriginatorId: principal.originatorId,
        subjectType: 'identifier',
        subjectId: id,
        data: { before: history(before), after: history(after) },
      });
    }
    return { tags: after };
  });
}
