import type { IdentifierTags, SetIdentifierTagsBody } from '@scamtrail/domain/identifiers/api';
import type { TagRef } from '@scamtrail/domain/tags';
import type { Db, DbOrTx } from '../../db/client';
import type { Principal } from '../auth/principal';
import { recordEvent } from '../events/events.service';
import { requireTags } from '../tags/tag.preconditions';
import { findTagsForIdentifiers, replaceIdentifierTags } from '../tags/tags.service';
import { lockIdentifierOrFail } from './identifiers.service';

const sameTags = (a: readonly TagRef[], b: readonly TagRef[]) =>
  a.length === b.length && a.every((tag) => b.some((other) => other.id === tag.id));

const history = (tags: readonly TagRef[]) => tags.map(({ id, name }) => ({ id, name }));

/**
 * The set a change makes, from the tags the identifier carries under its row lock: the whole set sent,
 * or those carried with `addTagIds` and without `removeTagIds` (400 naming `addTagIds.{index}` for an
 * unknown tag).
 */
async function nextTagIds(tx: DbOrTx, before: readonly TagRef[], change: SetIdentifierTagsBody) {
  if (change.tagIds) return change.tagIds;
  const added = change.addTagIds ?? [];
  await requireTags(tx, added, 'addTagIds');
  const removed = change.removeTagIds ?? [];
  return [...new Set([...before.map((tag) => tag.id), ...added])].filter((tagId) => !removed.includes(tagId));
}

/**
 * Makes the identifier's tags exactly `tagIds` (or changes them by `addTagIds` and `removeTagIds`) (a repeated id counts once) and answers them by name.
 * 404 for an unknown identifier, 400 naming `tagIds.{index}` for an unknown tag. A change is recorded
 * as `identifier.tags_updated` with the tags before and after; setting the same tags records nothing.
 */
export async function setTagsOfIdentifier(
  db: Db,
  id: string,
  change: SetIdentifierTagsBody,
  principal: Principal,
): Promise<IdentifierTags> {
  return db.transaction(async (tx) => {
    await lockIdentifierOrFail(tx, id);
    const before = (await findTagsForIdentifiers(tx, [id])).get(id) ?? [];
    await replaceIdentifierTags(tx, id, await nextTagIds(tx, before, change));
    const after = (await findTagsForIdentifiers(tx, [id])).get(id) ?? [];
    if (!sameTags(before, after)) {
      await recordEvent(tx, {
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
