import { count, desc, eq, sql } from 'drizzle-orm';
import type { ExportTopic } from '@scamtrail/domain/export-streams';
import type { DbOrTx } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { exportStreams, users } from '../../db/schema/index';
import { nextUpdatedAt } from '../../db/row-versions';
import { rowsOf } from '../../db/sql/arrays';
import { withCarried } from './stream-scope.repository';

const streamColumns = {
  id: exportStreams.id,
  name: exportStreams.name,
  description: exportStreams.description,
  topics: exportStreams.topics,
  status: exportStreams.status,
  groupIds: exportStreams.groupIds,
  /** The groups of its scope that still exist, by name. */
  groups: sql<{ id: string; name: string }[]>`(select coalesce(
    json_agg(json_build_object('id', g.id, 'name', g.name) order by lower(g.name), g.id), '[]')
    from groups g where g.id = any(${exportStreams.groupIds}))`,
  /** Its creator's names (null once that user is gone), for the domain's `fullName`. */
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  lastReadAt: exportStreams.lastReadAt,
  createdAt: exportStreams.createdAt,
  updatedAt: exportStreams.updatedAt,
};

function selectStreams(db: DbOrTx) {
  return db.select(streamColumns).from(exportStreams).leftJoin(users, eq(users.id, exportStreams.createdBy));
}

export type StreamRow = Awaited<ReturnType<typeof selectStreams>>[number];

/** A page of streams, newest first, and how many there are. */
export async function listStreamRows(
  db: DbOrTx,
  page: { page: number; pageSize: number },
): Promise<{ rows: StreamRow[]; total: number }> {
  const [rows, [{ total }]] = await readsTogether(db, [
    () =>
      selectStreams(db)
        .orderBy(desc(exportStreams.createdAt), desc(exportStreams.id))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
    () => db.select({ total: count() }).from(exportStreams),
  ]);
  return { rows, total };
}

export async function findStreamRow(db: DbOrTx, id: string): Promise<StreamRow | undefined> {
  const [row] = await selectStreams(db).where(eq(exportStreams.id, id));
  return row;
}

export async function insertStream(
  db: DbOrTx,
  values: {
    name: string;
    description: string;
    topics: ExportTopic[];
    groupIds: string[];
    createdBy: string | null;
  },
): Promise<string> {
  const [row] = await db.insert(exportStreams).values(values).returning({ id: exportStreams.id });
  return row.id;
}

/** The stream as it was before the change (locked until the transaction ends), or undefined. */
export async function updateStreamRow(
  db: DbOrTx,
  id: string,
  changes: Partial<{
    name: string;
    description: string;
    topics: ExportTopic[];
    groupIds: string[];
    status: string;
  }>,
): Promise<StreamRow | undefined> {
  const [before] = await selectStreams(db)
    .where(eq(exportStreams.id, id))
    .for('update', { of: exportStreams });
  if (!before) return undefined;
  await db
    .update(exportStreams)
    .set({ ...changes, updatedAt: nextUpdatedAt(exportStreams.updatedAt) })
    .where(eq(exportStreams.id, id));
  return before;
}

/** Deletes the stream; answers what it was, or undefined when there was none. */
export async function deleteStreamRow(db: DbOrTx, id: string) {
  const [deleted] = await db.delete(exportStreams).where(eq(exportStreams.id, id)).returning();
  return deleted;
}

export async function markStreamRead(db: DbOrTx, id: string): Promise<void> {
  await db.update(exportStreams).set({ lastReadAt: new Date() }).where(eq(exportStreams.id, id));
}

/** Where a read starts: after this transaction's event of this id (both 0 for the beginning). */
export interface StreamPosition {
  txId: string;
  eventId: string;
}

export interface StreamEventRow {
  id: string;
  txId: string;
  type: string;
  subjectType: string;
  subjectId: string;
  caseId: string | null;
  actorOriginatorId: string | null;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  data: Record<string, unknown>;
  createdAt: string;
  /** False for an event of a case outside the stream's groups: read past, never answered. */
  carried: boolean;
}

/**
 * The transaction below which every one that may write this database's events had finished when the
 * statement's snapshot was taken: the oldest transaction then in progress, or the snapshot's next one.
 * Transaction ids are shared by every database of the server, so one known to run in another database
 * (pg_stat_activity, matched on its 32 low bits) is left out: a long transaction elsewhere on the
 * server does not hold the streams back. One whose database cannot be told (finished since, another
 * role's, prepared) counts, which only delays.
 */
const STREAM_HORIZON = sql`(select coalesce(min(running.xid), pg_snapshot_xmax(pg_current_snapshot()))
  from pg_snapshot_xip(pg_current_snapshot()) as running(xid)
  where not exists (select 1 from pg_stat_activity other
    where other.datname <> current_database()
      and other.backend_xid::text = (running.xid::text::numeric % 4294967296)::text))`;

/**
 * Whether every event written so far is below the horizon of every read from now on, so that a reader
 * going on from its cursor reads all of them. False while the transaction of an event, or an older one
 * that may still write events, is open: its events wait for it (`readStreamEvents`). It asks for more
 * than the horizon of this moment: every event's transaction older than the oldest one running on the
 * whole server, in any database. A read's horizon leaves out another database's transactions that it
 * sees running, but one that ends between the read's snapshot and its look at pg_stat_activity counts,
 * and holds that read below events this check had found readable. For tests and tools that must tell
 * "no events yet" from "none readable yet".
 */
export async function everyEventReadable(db: DbOrTx): Promise<boolean> {
  const result = await db.execute(
    sql`select coalesce((select max(tx_id) from events) < pg_snapshot_xmin(pg_current_snapshot()), true)
      as readable`,
  );
  return rowsOf<{ readable: boolean }>(result)[0]?.readable ?? true;
}

/**
 * Whether a stream of these groups carries the event now (`withCarried`: its cases as they are now);
 * false for an event that no longer exists. A webhook's queued delivery is sent only while it is.
 */
export async function isEventCarried(
  db: DbOrTx,
  eventId: string,
  groupIds: readonly string[],
): Promise<boolean> {
  const result = await db.execute(sql`select s.carried
    from (${withCarried(sql`select e.* from events e where e.id = ${eventId}::bigint`, groupIds)}) s`);
  return rowsOf<{ carried: boolean }>(result)[0]?.carried ?? false;
}

/**
 * Which of these events a stream of these groups carries now (`withCarried`: their cases as they are
 * now), by id; one that no longer exists is not among them. For a reader of what was delivered of them.
 */
export async function findCarriedEvents(
  db: DbOrTx,
  eventIds: readonly string[],
  groupIds: readonly string[],
): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const result = await db.execute(sql`select s.id::text as id
    from (${withCarried(
      sql`select e.* from events e where e.id = any(${sql.param([...eventIds])}::bigint[])`,
      groupIds,
    )}) s
    where s.carried`);
  return new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
}

/**
 * Up to `limit` events of the subjects after `position`, in (tx_id, id) order, off
 * events_stream_order_idx, each marked whether the stream of these groups carries it (`withCarried`);
 * those it does not come without their data. Only events of transactions below the horizon (above)
 * are read: those have all finished, and no later event can sort before them, so a reader that goes
 * on from its last event never misses one. An event whose transaction is still open waits for it, and
 * for any older one of this database, to finish.
 */
export async function readStreamEvents(
  db: DbOrTx,
  scope: { subjects: readonly string[]; groupIds: readonly string[] },
  position: StreamPosition,
  limit: number,
): Promise<StreamEventRow[]> {
  const result = await db.execute(sql`select s.id::text as id, s.tx_id::text as "txId", s.type,
      s.subject_type as "subjectType", s.subject_id as "subjectId", s.case_id as "caseId",
      s.actor_originator_id as "actorOriginatorId", s.actor_user_id as "actorUserId",
      s.actor_api_key_id as "actorApiKeyId", case when s.carried then s.data else '{}'::jsonb end as data,
      to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      s.carried
    from (${withCarried(
      sql`select e.* from events e
        where (e.tx_id, e.id) > (${position.txId}::xid8, ${position.eventId}::bigint)
          and e.tx_id < ${STREAM_HORIZON}
          and e.subject_type = any(${sql.param([...scope.subjects])}::text[])
        order by e.tx_id, e.id
        limit ${limit}`,
      scope.groupIds,
    )}) as s
    order by s.tx_id, s.id`);
  return rowsOf<StreamEventRow>(result);
}
