import { and, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { evidence, evidenceBlobs } from '../../db/schema/index';
import type { Collected } from './evidence-collector';

/** The advisory lock between blob writes (shared) and the collector (exclusive); the start-up lock's key + 1. */
export const BLOB_COLLECTION_LOCK_KEY = 7_265_637_313;

/**
 * Taken by an upload's transaction before it writes or reuses a blob, held until it commits: the
 * collector cannot judge a blob while a row naming it may still be on its way.
 */
export async function holdBlobsAgainstCollection(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${BLOB_COLLECTION_LOCK_KEY})`);
}

/**
 * Deletes blobs no evidence row names, older than `graceMs` by the database's clock. A blob is now
 * written in its row's transaction, so none is left unnamed any more; these are what crashes left
 * before that. The exclusive lock waits for every upload transaction in progress (any instance) and
 * holds off new ones, and the delete's snapshot is taken after it, so it sees every row committed.
 */
export async function collectOrphanBlobs(db: Db, graceMs: number): Promise<Collected> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BLOB_COLLECTION_LOCK_KEY})`);
    const deleted = await tx
      .delete(evidenceBlobs)
      .where(
        and(
          sql`${evidenceBlobs.createdAt} <= now() - ${graceMs} * interval '1 millisecond'`,
          sql`not exists (select 1 from ${evidence} where ${evidence.sha256} = ${evidenceBlobs.sha256})`,
        ),
      )
      .returning({ size: evidenceBlobs.sizeBytes });
    return { files: deleted.length, bytes: deleted.reduce((sum, row) => sum + row.size, 0) };
  });
}
