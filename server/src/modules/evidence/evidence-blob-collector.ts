import { and, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { evidence, evidenceBlobs, evidenceChunks } from '../../db/schema/index';
import { rowsOf } from '../../db/sql/arrays';
import type { Collected } from './evidence-store-contract';

/**
 * The advisory lock between keeping an upload's bytes (shared) and the collectors (exclusive), for
 * blobs and for files alike; the start-up lock's key + 1. Held in the database, so it holds across
 * every instance of the app sharing it.
 */
export const COLLECTION_LOCK_KEY = 7_265_637_313;

/**
 * Taken by an upload's transaction before it writes or reuses stored bytes (a blob, a file), held
 * until it commits: the collector cannot judge bytes while a row naming them may still be on its way.
 */
export async function holdAgainstCollection(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${COLLECTION_LOCK_KEY})`);
}

/**
 * Taken by a collector's transaction: waits for every upload transaction keeping bytes (any
 * instance) and holds off new ones until it ends; its later statements see every row committed.
 */
export async function lockOutUploads(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${COLLECTION_LOCK_KEY})`);
}

/**
 * Deletes blobs no evidence row names, older than `graceMs` by the database's clock, with their
 * chunks. A blob is now named in its row's transaction, so none is left unnamed any more; these are
 * what crashes left before that. The exclusive lock waits for every upload transaction in progress
 * (any instance) and holds off new ones, and the delete's snapshot is taken after it, so it sees every
 * row committed.
 */
export async function collectOrphanBlobs(db: Db, graceMs: number): Promise<Collected> {
  return db.transaction(async (tx) => {
    await lockOutUploads(tx);
    const deleted = await tx
      .delete(evidenceBlobs)
      .where(
        and(
          sql`${evidenceBlobs.createdAt} <= now() - ${graceMs} * interval '1 millisecond'`,
          sql`not exists (select 1 from ${evidence} where ${evidence.sha256} = ${evidenceBlobs.sha256})`,
        ),
      )
      .returning({ size: evidenceBlobs.sizeBytes, contentId: evidenceBlobs.contentId });
    const contentIds = deleted.flatMap((row) => (row.contentId ? [row.contentId] : []));
    if (contentIds.length > 0) {
      await tx.execute(
        sql`delete from ${evidenceChunks} where content_id = any(${sql.param(contentIds)}::uuid[])`,
      );
    }
    return { files: deleted.length, bytes: deleted.reduce((sum, row) => sum + row.size, 0) };
  });
}

/**
 * Deletes the chunks of uploads abandoned mid-way (the process died, or the request failed and could
 * not drop them): chunks no blob names whose first chunk is older than `graceMs`. An upload still
 * arriving wrote its first chunk less than the grace period ago (a form that stops arriving is given
 * up within seconds); one that outlived it is refused when its row would name it (its first chunk is
 * checked under the shared lock). Under the exclusive lock, as `collectOrphanBlobs`.
 */
export async function collectAbandonedChunks(db: Db, graceMs: number): Promise<Collected> {
  return db.transaction(async (tx) => {
    await lockOutUploads(tx);
    const deleted = rowsOf<{ uploads: number; bytes: number }>(
      await tx.execute(sql`
        with abandoned as (
          select first.content_id from ${evidenceChunks} first
          where first.seq = 0
            and first.created_at <= now() - ${graceMs} * interval '1 millisecond'
            and not exists (select 1 from ${evidenceBlobs} b where b.content_id = first.content_id)
        ), gone as (
          delete from ${evidenceChunks} c using abandoned a
          where c.content_id = a.content_id
          returning c.content_id, length(c.bytes) as size
        )
        select count(distinct content_id)::int as uploads, coalesce(sum(size), 0)::float8 as bytes from gone`),
    );
    return { files: deleted[0]?.uploads ?? 0, bytes: deleted[0]?.bytes ?? 0 };
  });
}
