import { eq } from 'drizzle-orm';
import type { IdentifierTags, SetIdentifierTagsBody } from '@scamtrail/domain/identifiers/api';
import type { TagRef } from '@scamtrail/domain/tags';
import type { Db, DbOrTx } from '../../db/client';
import { transactionRetryingDeadlocks } from '../../db/retry-deadlocks';
import { identifiers } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { assertIfMatch, type IfMatch } from '../../lib/preconditions';
import { iso } from '../../lib/schemas';
import type { Principal } from '../auth/principal';
import { recordEvent } from '../events/events.service';
import { requireTags } from '../tags/tag.preconditions';
import { findTagsForIdentifiers, replaceIdentifierTags } from '../tags/tags.service';
import { touchIdentifierRow } from './identifiers.repository';
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

/** The tags an identifier carries and its version, as a refused change answers them (404 if none). */
export async function getTagsOfIdentifier(db: DbOrTx, id: string): Promise<IdentifierTags> {
  const [row] = await db
    .select({ updatedAt: identifiers.updatedAt })
    .from(identifiers)
    .where(eq(identifiers.id, id));
  if (!row) throw AppError.notFound('Identifier');
  return { tags: (await findTagsForIdentifiers(db, [id])).get(id) ?? [], updatedAt: iso(row.updatedAt) };
}

/**
 * Makes the identifier's tags exactly `tagIds` (or changes them by `addTagIds` and `removeTagIds`) (a
 * repeated id counts once) and answers them by name, with the identifier's version: the tags are part
 * of the identifier as read, so a change of them moves its version on, and a change made from another
 * version (`ifMatch`) is refused with 412 under the row lock. 404 for an unknown identifier, 400 naming
 * `tagIds.{index}` for an unknown tag. A change is recorded as `identifier.tags_updated` with the tags
 * before and after; setting the same tags records nothing and keeps the version.
 */
export async function setTagsOfIdentifier(
  db: Db,
  id: string,
  change: SetIdentifierTagsBody,
  principal: Principal,
  ifMatch?: IfMatch,
): Promise<IdentifierTags> {
  return transactionRetryingDeadlocks(db, async (tx) => {
    let { updatedAt } = await lockIdentifierOrFail(tx, id);
    await assertIfMatch(tx, identifiers, id, ifMatch, 'identifier');
    const before = (await findTagsForIdentifiers(tx, [id])).get(id) ?? [];
    await replaceIdentifierTags(tx, id, await nextTagIds(tx, before, change));
    const after = (await findTagsForIdentifiers(tx, [id])).get(id) ?? [];
    if (!sameTags(before, after)) {
      updatedAt = (await touchIdentifierRow(tx, id)) ?? updatedAt;
      await recordEvent(tx, {
        type: 'identifier.tags_updated',
        actorOriginatorId: principal.originatorId,
        subjectType: 'identifier',
        subjectId: id,
        data: { before: history(before), after: history(after) },
      });
    }
    return { tags: after, updatedAt: iso(updatedAt) };
  });
}
