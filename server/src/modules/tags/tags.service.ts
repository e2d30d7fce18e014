import { toPagination, type Pagination } from '@scamtrail/domain/pagination';
import {
  describeTagUsage,
  type CreateTagBody,
  type Tag,
  type TagUsage,
  type UpdateTagBody,
} from '@scamtrail/domain/tags';
import { RECORDS_YOU_MAY_NOT_SEE } from '../../db/case-visibility';
import type { Db, DbOrTx } from '../../db/client';
import { withUniqueField } from '../../lib/conflicts';
import { tags } from '../../db/schema/index';
import { toTagColor } from '../../db/sql/tags';
import { AppError } from '../../lib/errors';
import { assertIfMatch, type IfMatch } from '../../lib/preconditions';
import { iso } from '../../lib/schemas';
import type { Principal } from '../auth/principal';
import { recordEvent, type NewEvent } from '../events/events.service';
import { viewerParams, visibleCaseCondition } from '../../db/case-visibility';
import {
  ALL_USAGE,
  deleteTagRow,
  findTagRow,
  insertTag,
  listTagRows,
  lockTag,
  setIdentifierTags,
  updateTagRow,
  type TagRow,
  type UsageScope,
} from './tags.repository';
import { requireTags } from './tag.preconditions';

// What the identifiers module reads of tags.
export { findTagsForIdentifiers } from './tags.repository';

const UNIQUE_TAG_NAME = {
  constraint: 'tags_name_lower_idx',
  field: 'name',
  message: 'A tag with this name already exists',
};

export function toTag(row: TagRow): Tag {
  const usage = {
    ...(row.cases !== undefined && { cases: row.cases }),
    ...(row.evidence !== undefined && { evidence: row.evidence }),
    ...(row.identifiers !== undefined && { identifiers: row.identifiers }),
  };
  const total = (usage.cases ?? 0) + (usage.evidence ?? 0) + (usage.identifiers ?? 0);
  return {
    id: row.id,
    name: row.name,
    color: toTagColor(row.color),
    description: row.description,
    usage: { ...usage, total },
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

function tagEvent(
  type: string,
  tagId: string,
  principal: Principal,
  data: Record<string, unknown>,
): NewEvent {
  return { type, actorOriginatorId: principal.originatorId, subjectType: 'tag', subjectId: tagId, data };
}

/**
 * What the caller is shown of a tag's usage: the cases and the evidence of the cases they may see, each
 * kind only under its view permission (absent without it), and the identifiers under identifier.view.
 */
function usageScope(principal: Principal): UsageScope {
  const sees = viewerParams(principal);
  const visible = visibleCaseCondition(principal);
  return {
    cases: sees.viewerSeesCases ? visible : null,
    evidence: sees.viewerSeesEvidence ? visible : null,
    identifiers: sees.viewerSeesIdentifiers,
  };
}

/** Usage counts take in only what the caller may see (`usageScope`). */
export async function listTags(
  db: Db,
  query: { search?: string; page: number; pageSize: number },
  principal: Principal,
): Promise<{ data: Tag[]; pagination: Pagination }> {
  const { rows, total } = await listTagRows(db, query.search, query, usageScope(principal));
  return { data: rows.map(toTag), pagination: toPagination(query.page, query.pageSize, total) };
}

export async function getTag(db: DbOrTx, id: string, principal: Principal): Promise<Tag> {
  const row = await findTagRow(db, id, usageScope(principal));
  if (!row) throw AppError.notFound('Tag');
  return toTag(row);
}

export async function createTag(db: Db, body: CreateTagBody, principal: Principal): Promise<Tag> {
  const id = await withUniqueField(
    () =>
      db.transaction(async (tx) => {
        const tagId = await insertTag(tx, body);
        await recordEvent(
          tx,
          tagEvent('tag.created', tagId, principal, { name: body.name, color: body.color }),
        );
        return tagId;
      }),
    UNIQUE_TAG_NAME,
  );
  return getTag(db, id, principal);
}

export async function updateTag(
  db: Db,
  id: string,
  body: UpdateTagBody,
  principal: Principal,
  ifMatch?: IfMatch,
): Promise<Tag> {
  const found = await withUniqueField(
    () =>
      db.transaction(async (tx) => {
        await assertIfMatch(tx, tags, id, ifMatch, 'tag');
        if (!(await updateTagRow(tx, id, body))) return false;
        await recordEvent(tx, tagEvent('tag.updated', id, principal, { ...body }));
        return true;
      }),
    UNIQUE_TAG_NAME,
  );
  if (!found) throw AppError.notFound('Tag');
  return getTag(db, id, principal);
}

/**
 * Deletes a tag nothing carries; while anything does, whether the caller may see it or not, it is
 * refused with 409 IN_USE saying where, as far as the caller may see (`inUseError`).
 */
export async function deleteTag(db: Db, id: string, principal: Principal): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockTag(tx, id))) throw AppError.notFound('Tag');
    const row = await findTagRow(tx, id, ALL_USAGE);
    if (!row) throw AppError.notFound('Tag');
    const tag = toTag(row);
    if (tag.usage.total > 0) throw inUseError(tag.usage.total, (await getTag(tx, id, principal)).usage);
    await deleteTagRow(tx, id);
    await recordEvent(tx, tagEvent('tag.deleted', id, principal, { name: tag.name, color: tag.color }));
  });
}

/** What carries a tag beyond what the caller may see, in the words every such refusal uses. */
const UNSEEN = RECORDS_YOU_MAY_NOT_SEE.toLowerCase();

/** The refusal of a tag in use: what carries it as far as the caller may see, and that more does. */
function inUseError(total: number, shown: TagUsage): AppError {
  const where =
    shown.total === total
      ? describeTagUsage(shown)
      : shown.total > 0
        ? `${describeTagUsage(shown)}, and by ${UNSEEN}`
        : UNSEEN;
  return new AppError('IN_USE', `Tag is in use by ${where}; remove it from them first`, { usage: shown });
}

/**
 * Sets an identifier's tags after checking they exist (400 naming `tagIds.{index}`). For the
 * identifiers module; pass the transaction of the identifier's change.
 */
export async function replaceIdentifierTags(
  db: DbOrTx,
  identifierId: string,
  tagIds: readonly string[],
): Promise<void> {
  await requireTags(db, tagIds);
  await setIdentifierTags(db, identifierId, tagIds);
}
