import {
  EXPORT_STREAM_PAUSED_MESSAGE,
  EXPORT_TOPIC_SUBJECTS,
  EXPORT_TOPICS,
  type ExportStreamChanges,
  type ExportEvent,
  type ExportEventsPage,
  type ExportEventsQuery,
  type ExportStream,
  type ExportTopic,
  type NewExportStream,
} from '@scamtrail/domain/export-streams';
import { fullName } from '@scamtrail/domain/names';
import { toPagination, type Pagination } from '@scamtrail/domain/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { withUniqueField } from '../../lib/conflicts';
import { AppError } from '../../lib/errors';
import { iso } from '../../lib/schemas';
import type { Principal } from '../../plugins/auth';
import { insertEvent } from '../events/events.repository';
import { canSeeAllCases } from '../groups/case-visibility';
import {
  deleteStreamRow,
  findStreamRow,
  insertStream,
  listStreamRows,
  markStreamRead,
  readStreamEvents,
  updateStreamRow,
  type StreamEventRow,
  type StreamPosition,
  type StreamRow,
} from './export-streams.repository';
import type { EventsSignal } from './events-signal';
import { findScopeGroups } from './stream-scope.repository';

function uniqueName(name: string) {
  return {
    constraint: 'export_streams_name_lower_idx',
    field: 'name',
    message: `An export stream named "${name}" already exists`,
  };
}

/** Stored topics in the domain's order; anything no longer a topic is left out. */
function toTopics(stored: readonly string[]): ExportTopic[] {
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

async function findStream(db: Db, id: string): Promise<StreamRow> {
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
        await insertEvent(
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
): Promise<ExportStream> {
  const found = await withUniqueField(
    () =>
      db.transaction(async (tx) => {
        const before = await updateStreamRow(tx, id, changes);
        if (!before) return false;
        if (changes.groupIds) await checkScope(tx, changes.groupIds, principal, before.groupIds);
        await insertEvent(
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
    await insertEvent(tx, streamEvent('export_stream.deleted', id, principal, snapshot(before)));
  });
}

const TOPIC_OF_SUBJECT = new Map(
  EXPORT_TOPICS.flatMap((topic) => EXPORT_TOPIC_SUBJECTS[topic].map((subject) => [subject, topic] as const)),
);

function toExportEvent(row: StreamEventRow): ExportEvent {
  return {
    id: row.id,
    type: row.type,
    topic: TOPIC_OF_SUBJECT.get(row.subjectType)!,
    occurredAt: row.createdAt,
    subject: { type: row.subjectType, id: row.subjectId },
    caseId: row.caseId,
    actor: { originatorId: row.actorOriginatorId, userId: row.actorUserId, apiKeyId: row.actorApiKeyId },
    data: row.data,
  };
}

const cursorOf = (position: StreamPosition) => `${position.txId}-${position.eventId}`;

function positionOf(cursor: string | undefined): StreamPosition {
  if (!cursor) return { txId: '0', eventId: '0' };
  const [txId, eventId] = cursor.split('-');
  return { txId, eventId };
}

/** How many batches one read walks past events the stream does not carry before it answers. */
const READ_BATCHES_MAX = 10;

interface StreamPage {
  rows: StreamEventRow[];
  next: StreamPosition;
  hasMore: boolean;
}

/**
 * Up to `limit` events the stream carries after `position`. The events it does not carry (of cases
 * outside its groups) are read past: the cursor moves over them, so a reader is never held on them,
 * and a page may hold fewer than `limit` while `hasMore` says to read on at once. A read walks at most
 * READ_BATCHES_MAX batches of them, so each answer stays a few statements.
 */
async function readCarried(
  db: Db,
  scope: { subjects: readonly string[]; groupIds: readonly string[] },
  position: StreamPosition,
  limit: number,
): Promise<StreamPage> {
  const rows: StreamEventRow[] = [];
  let next = position;
  for (let batch = 0; batch < READ_BATCHES_MAX; batch += 1) {
    // A whole page each time: a batch sized to what is missing would shrink by half at every step.
    const want = limit + 1;
    const scanned = await readStreamEvents(db, scope, next, want);
    for (const row of scanned) {
      if (rows.length === limit) return { rows, next, hasMore: true };
      next = { txId: row.txId, eventId: row.id };
      if (row.carried) rows.push(row);
    }
    if (scanned.length < want) return { rows, next, hasMore: false };
  }
  return { rows, next, hasMore: true };
}

/**
 * The stream's next events after the reader's cursor (from the beginning without one), and the cursor
 * to send next; with `wait`, when there is none yet, as soon as one is or the time is up (or the reader
 * has gone). A paused stream answers 409. An API key's read is recorded as the stream's last read;
 * an administrator looking at it from the web is not a reader.
 */
export async function readExportStream(
  db: Db,
  signal: EventsSignal,
  id: string,
  query: ExportEventsQuery,
  principal: Principal,
  abort: AbortSignal,
): Promise<ExportEventsPage> {
  const stream = await findStream(db, id);
  if (stream.status === 'paused') throw new AppError('CONFLICT', EXPORT_STREAM_PAUSED_MESSAGE);
  const scope = {
    subjects: toTopics(stream.topics).flatMap((topic) => EXPORT_TOPIC_SUBJECTS[topic]),
    groupIds: stream.groupIds,
  };
  let position = positionOf(query.after);
  const deadline = Date.now() + query.wait * 1000;
  let page: StreamPage;
  for (;;) {
    // Marked before reading: an event committed after the read but before the wait still wakes it.
    const mark = query.wait > 0 ? await signal.mark() : 0;
    page = await readCarried(db, scope, position, query.limit);
    position = page.next;
    const left = deadline - Date.now();
    if (page.rows.length > 0 || page.hasMore || left <= 0 || abort.aborted || signal.isClosed) break;
    await signal.after(mark, left, abort);
  }
  if (principal.kind === 'api_key') await markStreamRead(db, id);
  return { data: page.rows.map(toExportEvent), next: cursorOf(page.next), hasMore: page.hasMore };
}
