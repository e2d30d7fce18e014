import {
  EXPORT_TOPICS,
  type ExportStreamChanges,
  type ExportStream,
  type ExportTopic,
  type NewExportStream,
} from '@scamtrail/domain/export-streams';
import { hasPermission, type Permission } from '@scamtrail/domain/permissions';
import { fullName } from '@scamtrail/domain/names';
import { toPagination, type Pagination } from '@scamtrail/domain/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { withUniqueField } from '../../lib/conflicts';
import { exportStreams } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { assertIfMatch, type IfMatch } from '../../lib/preconditions';
import { iso } from '../../lib/schemas';
import type { Principal } from '../auth/principal';
import { recordEvent } from '../events/events.service';
import { ORIGINATOR_VIEW_PERMISSIONS } from '../originators/originators.service';
import { canSeeAllCases } from '../../db/case-visibility';
import {
  deleteStreamRow,
  findStreamRow,
  insertStream,
  listStreamRows,
  updateStreamRow,
  type StreamRow,
} from './export-streams.repository';
import { findScopeGroups } from './stream-scope.repository';

function uniqueName(name: string) {
  return {
    constraint: 'export_streams_name_lower_idx',
    field: 'name',
    message: `An export stream named "${name}" already exists`,
  };
}

/** Stored topics in the domain's order; anything no longer a topic is left out. */
export function toTopics(stored: readonly string[]): ExportTopic[] {
  return EXPORT_TOPICS.filter((topic) => stored.includes(topic));
}

function toStream(row: StreamRow): ExportStream {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    topics: toTopics(row.topics),
    groups: row.groups,
    status: row.status === 'paused' ? 'paused' : 'active',
    createdBy:
      row.creatorFirstName === null
        ? null
        : fullName({ firstName: row.creatorFirstName, lastName: row.creatorLastName }),
    lastReadAt: iso(row.lastReadAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/**
 * What of a stream names records of another kind, with the permission their own reads need: the
 * groups it carries (their names) are read as groups are, and its creator, a team member named, as
 * originators are (`ORIGINATOR_VIEW_PERMISSIONS`). A key holding export.view alone reads the stream,
 * not its groups nor who made it.
 */
const NAMED_IN_STREAM = {
  groups: 'group.view',
  createdBy: ORIGINATOR_VIEW_PERMISSIONS.team_member,
} as const satisfies Partial<Record<keyof ExportStream, Permission>>;

/**
 * A stream as the caller may read it: each field of `NAMED_IN_STREAM` only to a reader holding its
 * permission, absent otherwise (not null, which says the creator is gone).
 */
export function streamFor(stream: ExportStream, principal: Principal): ExportStream {
  const shown: ExportStream = { ...stream };
  for (const [field, permission] of Object.entries(NAMED_IN_STREAM)) {
    if (!hasPermission(principal.permissions, permission))
      delete shown[field as keyof typeof NAMED_IN_STREAM];
  }
  return shown;
}

/** What the audit trail keeps of a stream. */
function snapshot(row: Pick<StreamRow, 'name' | 'description' | 'topics' | 'groupIds' | 'status'>) {
  return {
    name: row.name,
    description: row.description,
    topics: row.topics,
    groupIds: row.groupIds,
    status: row.status,
  };
}

export const SCOPE_GROUP_HIDDEN_MESSAGE = 'You can only choose groups whose cases you can see';

/**
 * A stream's readers see the cases of its groups, so whoever widens its scope must see them already:
 * administrators every group, other users their own, API keys none. Each group must exist (400 naming
 * groupIds otherwise). Groups the stream carries already may stay (`kept`): narrowing or renaming a
 * stream needs no more than it. Call in the transaction of the write: the groups found stay locked.
 */
async function checkScope(
  tx: DbOrTx,
  groupIds: readonly string[],
  principal: Principal,
  kept: readonly string[] = [],
): Promise<void> {
  const userId = principal.kind === 'user' ? principal.userId : null;
  const { existing, memberOf } = await findScopeGroups(tx, groupIds, userId);
  const missing = groupIds.filter((id) => !existing.has(id));
  if (missing.length) {
    throw AppError.validation([{ field: 'groupIds', message: `No group with the id ${missing.join(', ')}` }]);
  }
  const hidden = groupIds.filter(
    (id) => !kept.includes(id) && !canSeeAllCases(principal) && !memberOf.has(id),
  );
  if (hidden.length) throw AppError.validation([{ field: 'groupIds', message: SCOPE_GROUP_HIDDEN_MESSAGE }]);
}

function streamEvent(type: string, id: string, principal: Principal, data: Record<string, unknown>) {
  return {
    type,
    actorOriginatorId: principal.originatorId,
    subjectType: 'export_stream',
    subjectId: id,
    data,
  };
}

export async function listExportStreams(
  db: Db,
  query: { page: number; pageSize: number },
): Promise<{ data: ExportStream[]; pagination: Pagination }> {
  const { rows, total } = await listStreamRows(db, query);
  return { data: rows.map(toStream), pagination: toPagination(query.page, query.pageSize, total) };
}

export async function findStream(db: Db, id: string): Promise<StreamRow> {
  const row = await findStreamRow(db, id);
  if (!row) throw AppError.notFound('Export stream');
  return row;
}

export async function getExportStream(db: Db, id: string): Promise<ExportStream> {
  return toStream(await findStream(db, id));
}

export async function createExportStream(
  db: Db,
  body: NewExportStream,
  principal: Principal,
): Promise<ExportStream> {
  const id = await withUniqueField(
    () =>
      db.transaction(async (tx) => {
        await checkScope(tx, body.groupIds, principal);
        const streamId = await insertStream(tx, {
          name: body.name,
          description: body.description,
          topics: body.topics,
          groupIds: body.groupIds,
          createdBy: principal.kind === 'user' ? principal.userId : null,
        });
        await recordEvent(
          tx,
          streamEvent('export_stream.created', streamId, principal, {
            name: body.name,
            topics: body.topics,
            groupIds: body.groupIds,
          }),
        );
        return streamId;
      }),
    uniqueName(body.name),
  );
  return getExportStream(db, id);
}

export async function updateExportStream(
  db: Db,
  id: string,
  changes: ExportStreamChanges,
  principal: Principal,
  ifMatch?: IfMatch,
): Promise<ExportStream> {
  const found = await withUniqueField(
    () =>
      db.transaction(async (tx) => {
        await assertIfMatch(tx, exportStreams, id, ifMatch, 'export stream');
        const before = await updateStreamRow(tx, id, changes);
        if (!before) return false;
        if (changes.groupIds) await checkScope(tx, changes.groupIds, principal, before.groupIds);
        await recordEvent(
          tx,
          streamEvent('export_stream.updated', id, principal, { before: snapshot(before), after: changes }),
        );
        return true;
      }),
    uniqueName(changes.name ?? ''),
  );
  if (!found) throw AppError.notFound('Export stream');
  return getExportStream(db, id);
}

export async function deleteExportStream(db: Db, id: string, principal: Principal): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await deleteStreamRow(tx, id);
    if (!before) throw AppError.notFound('Export stream');
    await recordEvent(tx, streamEvent('export_stream.deleted', id, principal, snapshot(before)));
  });
}
