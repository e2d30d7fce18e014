import {
  EXPORT_STREAM_PAUSED_MESSAGE,
  EXPORT_TOPIC_PERMISSIONS,
  EXPORT_TOPIC_SUBJECTS,
  EXPORT_TOPICS,
  readableTopics,
  type ExportEvent,
  type ExportEventsPage,
  type ExportEventsQuery,
} from '@scamtrail/domain/export-streams';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import { canSeeAllCases } from '../../db/case-visibility';
import {
  findCarriedEvents,
  isEventCarried,
  markStreamRead,
  readStreamEvents,
  type StreamEventRow,
  type StreamPosition,
} from './export-streams.repository';
import { findStream, toTopics } from './export-streams.service';
import type { EventsSignal } from './events-signal';
import { eventForReader } from './event-redaction';
import { findMemberGroupIds } from './stream-scope.repository';

/** Reading a stream: its events after a reader's cursor, those of its topics and its cases only. */

const TOPIC_OF_SUBJECT = new Map(
  EXPORT_TOPICS.flatMap((topic) => EXPORT_TOPIC_SUBJECTS[topic].map((subject) => [subject, topic] as const)),
);

export function toExportEvent(row: StreamEventRow): ExportEvent {
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

export interface StreamPage {
  rows: StreamEventRow[];
  next: StreamPosition;
  hasMore: boolean;
}

/**
 * Up to `limit` events the stream carries after `position`. The events it does not carry (of cases
 * outside its groups) are read past: the cursor moves over them, so a reader is never held on them,
 * and a page may hold fewer than `limit` while `hasMore` says to read on at once. A read walks at most
 * READ_BATCHES_MAX batches of them, so each answer stays a few statements. Webhooks read their events
 * into their queue with it too, in the transaction that moves their cursor.
 */
export async function readCarried(
  db: DbOrTx,
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
 * The topics of the stream the reader may read: those whose view permissions they hold now (an API
 * key's as far as its creator holds them), as webhooks deliver. Holding none of them is 403, naming
 * what each needs; the others' events are simply not read.
 */
function topicsReadBy(streamTopics: readonly string[], principal: Principal) {
  const topics = toTopics(streamTopics);
  const readable = readableTopics(topics, principal.permissions);
  if (topics.length > 0 && readable.length === 0) {
    const needs = topics.map((topic) => `${topic}: ${EXPORT_TOPIC_PERMISSIONS[topic].join(', ')}`);
    throw AppError.forbidden(`Reading this stream's topics needs their permissions (${needs.join('; ')})`);
  }
  return readable;
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
  { markRead = true }: { markRead?: boolean } = {},
): Promise<ExportEventsPage> {
  const stream = await findStream(db, id);
  if (stream.status === 'paused') throw new AppError('CONFLICT', EXPORT_STREAM_PAUSED_MESSAGE);
  const scope = {
    subjects: topicsReadBy(stream.topics, principal).flatMap((topic) => EXPORT_TOPIC_SUBJECTS[topic]),
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
  if (markRead && principal.kind === 'api_key') await markStreamRead(db, id);
  return {
    data: page.rows.map((row) => eventForReader(toExportEvent(row), principal.permissions)),
    next: cursorOf(page.next),
    hasMore: page.hasMore,
  };
}

/**
 * Whether a stream of these groups carries the event now, its cases as they are now (false once it is
 * gone): a webhook's queued delivery is sent only while the automation's stream (no group) carries it.
 */
export function isCarriedNow(db: DbOrTx, eventId: string, groupIds: readonly string[]): Promise<boolean> {
  return isEventCarried(db, eventId, groupIds);
}

/**
 * Which of these events speak only of cases the reader sees now (`visibleCaseCondition`'s rule through
 * `withCarried`: administrators every case, other users those of no group and of their groups, API
 * keys those of no group), judged on the cases as they are now: an event of a case moved since into a
 * group the reader is not in is not among them, nor one that names such a case's records anywhere in
 * its data, nor one of a case that is gone. What was delivered of an event is shown by this, not by
 * what it was when it went out.
 */
export async function eventsSeenNow(
  db: DbOrTx,
  eventIds: readonly string[],
  principal: Principal,
): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  if (canSeeAllCases(principal)) return new Set(eventIds);
  const groupIds = principal.kind === 'user' ? await findMemberGroupIds(db, principal.userId) : [];
  return findCarriedEvents(db, eventIds, groupIds);
}
