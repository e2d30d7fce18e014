import { readFile, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { evidenceBlobs } from '../../db/schema/index';
import { holdBlobsAgainstCollection } from './evidence-blob-collector';
import { assertSha256, type EvidenceStore } from './evidence-store-contract';

/**
 * Evidence files in the `evidence_blobs` table (one bytea per distinct content), shared by every app
 * instance on the same PostgreSQL database. A bytea value is read and written whole, so a file passes
 * through memory once on its way in and once per download; MAX_UPLOAD_MB bounds both. `db` is for
 * reads; a write goes through the transaction of the row that names it.
 */
export function blobEvidenceStore(db: DbOrTx): EvidenceStore {
  return {
    // In the row's transaction: a crash or a failure before it commits leaves no blob behind. A blob
    // already there (same content) is reused: the lock keeps the collector off it until the commit.
    async put(staged, tx) {
      assertSha256(staged.sha256);
      try {
        const bytes = await readFile(staged.path);
        await holdBlobsAgainstCollection(tx);
        await tx
          .insert(evidenceBlobs)
          .values({ sha256: staged.sha256, sizeBytes: bytes.length, bytes })
          .onConflictDoNothing();
      } finally {
        await rm(staged.path, { force: true });
      }
    },

    async open(sha256) {
      const [row] = await db
        .select({ bytes: evidenceBlobs.bytes })
        .from(evidenceBlobs)
        .where(eq(evidenceBlobs.sha256, sha256));
      if (!row) return null;
      return { stream: Readable.from([row.bytes]), size: row.bytes.length };
    },

    async rehash(sha256) {
      // Hashed where the bytes are: nothing crosses the network but the digest.
      const [row] = await db
        .select({ digest: sql<string>`encode(sha256(${evidenceBlobs.bytes}), 'hex')` })
        .from(evidenceBlobs)
        .where(eq(evidenceBlobs.sha256, sha256));
      return row ? row.digest : null;
    },
    async rehashMany(sha256s) {
      const wanted = [...new Set(sha256s)];
      const digests = new Map<string, string | null>(wanted.map((sha256) => [sha256, null]));
      if (wanted.length === 0) return digests;
      const rows = await db
        .select({
          sha256: evidenceBlobs.sha256,
          digest: sql<string>`encode(sha256(${evidenceBlobs.bytes}), 'hex')`,
        })
        .from(evidenceBlobs)
        .where(sql`${evidenceBlobs.sha256} = any(${sql.param(wanted)}::text[])`);
      for (const row of rows) digests.set(row.sha256, row.digest);
      return digests;
    },
  };
}
