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
import type { Db } from '../../db/client';
import { withUniqueField } from '../../lib/conflicts';
import { AppError } from '../../lib/errors';
import { iso } from '../../lib/schemas';
import type { Principal } from '../../plugins/auth';
import { insertEvent } from '../events/events.repository';
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
function snapshot(row: Pick<StreamRow, 'name' | 'description' | 'topics' | 'status'>) {
  return { name: row.name, description: row.description, topics: row.topics, status: row.status };
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
        const streamId = await insertStream(tx, {
          name: body.name,
          description: body.description,
          topics: body.topics,
          createdBy: principal.kind === 'user' ? principal.userId : null,
        });
        await insertEvent(
          tx,
          streamEvent('export_stream.created', streamId, principal, {
            name: body.name,
            topics: body.topics,
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
  const subjects = toTopics(stream.topics).flatMap((topic) => EXPORT_TOPIC_SUBJECTS[topic]);
  const position = positionOf(query.after);
  const deadline = Date.now() + query.wait * 1000;
  let rows: StreamEventRow[];
  for (;;) {
    // Marked before reading: an event committed after the read but before the wait still wakes it.
    const mark = query.wait > 0 ? await signal.mark() : 0;
    rows = await readStreamEvents(db, subjects, position, query.limit + 1);
    const left = deadline - Date.now();
    if (rows.length > 0 || left <= 0 || abort.aborted || signal.isClosed) break;
    await signal.after(mark, left, abort);
  }
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  if (principal.kind === 'api_key') await markStreamRead(db, id);
  return {
    data: page.map(toExportEvent),
    next: cursorOf(last ? { txId: last.txId, eventId: last.id } : position),
    hasMore: rows.length > query.limit,
  };
}
