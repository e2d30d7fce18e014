import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { evidenceBlobs, evidenceChunks } from '../../db/schema/index';
import { holdAgainstCollection } from './evidence-blob-collector';
import { assertSha256, type EvidenceStore } from './evidence-store-contract';
import { mediaTypeSniffer } from './media-type';

/** A chunk's size: its row fits one 8 KiB page whole (STORAGE PLAIN), so it is written once, not TOASTed. */
const CHUNK_BYTES = 8000;
/** Chunks per INSERT (about 1 MB): the unit written while the next one arrives. */
const CHUNKS_PER_WRITE = 128;
/** Chunks per read of a download or a rehash (about 1 MB). */
const CHUNKS_PER_READ = 128;
/** Contents of at most this size are rehashed several to one read, of at most SMALL_READ_BYTES. */
const SMALL_CONTENT_BYTES = CHUNKS_PER_READ * CHUNK_BYTES;
const SMALL_READ_BYTES = 4 * SMALL_CONTENT_BYTES;

/**
 * One write of consecutive chunks. Committed on its own, asynchronously (no wait for the WAL to
 * reach the disk): chunks count only once a blob names them, and the blob's commit is synchronous,
 * which flushes the WAL up to it, these chunks included. Until then they are an upload's, collected
 * if it is abandoned (evidence-blob-collector.ts).
 */
async function writeChunks(db: DbOrTx, contentId: string, firstSeq: number, batch: Buffer): Promise<void> {
  const rows: SQL[] = [];
  for (let offset = 0, seq = firstSeq; offset < batch.length; offset += CHUNK_BYTES, seq += 1) {
    rows.push(sql`(${seq}::int, ${batch.subarray(offset, offset + CHUNK_BYTES)}::bytea)`);
  }
  await db.execute(sql`
    with settings as (select set_config('synchronous_commit', 'off', true))
    insert into ${evidenceChunks} (content_id, seq, bytes)
    select ${contentId}::uuid, chunk.seq, chunk.bytes
    from settings, (values ${sql.join(rows, sql`, `)}) as chunk (seq, bytes)`);
}

/** A content's chunks in order, a page at a time: memory holds one page, whatever the file's size. */
async function* readChunks(db: DbOrTx, contentId: string): AsyncGenerator<Buffer> {
  for (let next = 0; ;) {
    const page = await db
      .select({ seq: evidenceChunks.seq, bytes: evidenceChunks.bytes })
      .from(evidenceChunks)
      .where(and(eq(evidenceChunks.contentId, contentId), sql`${evidenceChunks.seq} >= ${next}`))
      .orderBy(evidenceChunks.seq)
      .limit(CHUNKS_PER_READ);
    for (const chunk of page) yield chunk.bytes;
    if (page.length < CHUNKS_PER_READ) return;
    next = page[page.length - 1].seq + 1;
  }
}

/** The SHA-256 of each small content, several to one read (all their chunks fit one page's budget). */
async function hashSmallContents(db: DbOrTx, contentIds: readonly string[]): Promise<Map<string, string>> {
  const hashes = new Map(contentIds.map((id) => [id, createHash('sha256')]));
  if (contentIds.length > 0) {
    const rows = await db
      .select({ contentId: evidenceChunks.contentId, bytes: evidenceChunks.bytes })
      .from(evidenceChunks)
      .where(sql`${evidenceChunks.contentId} = any(${sql.param(contentIds)}::uuid[])`)
      .orderBy(evidenceChunks.contentId, evidenceChunks.seq);
    for (const row of rows) hashes.get(row.contentId)!.update(row.bytes);
  }
  return new Map([...hashes].map(([id, hash]) => [id, hash.digest('hex')]));
}

async function hashContent(db: DbOrTx, contentId: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of readChunks(db, contentId)) hash.update(chunk);
  return hash.digest('hex');
}

/** What a blob row says of where its bytes are: whole in the row (earlier versions), or chunks. */
async function findBlobs(db: DbOrTx, sha256s: readonly string[]) {
  return db
    .select({
      sha256: evidenceBlobs.sha256,
      size: evidenceBlobs.sizeBytes,
      contentId: evidenceBlobs.contentId,
      // Hashed where the bytes are: nothing crosses the network but the digest.
      inlineDigest: sql<string | null>`encode(sha256(${evidenceBlobs.bytes}), 'hex')`,
    })
    .from(evidenceBlobs)
    .where(sql`${evidenceBlobs.sha256} = any(${sql.param([...sha256s])}::text[])`);
}

/**
 * Evidence files in PostgreSQL, shared by every app instance on the same database: `evidence_blobs`
 * names each distinct content by its SHA-256, `evidence_chunks` holds its bytes in chunks of
 * CHUNK_BYTES. An upload is written as it arrives, about 1 MB per statement while the next arrives,
 * hashed and sniffed on the way: memory holds about two writes, whatever the file's size, and a
 * download reads a page of chunks at a time. `db` is for reads and chunk writes; a blob is named in
 * the transaction of the row that names it.
 */
export function blobEvidenceStore(db: DbOrTx): EvidenceStore {
  return {
    async receive(source) {
      const contentId = randomUUID();
      const hash = createHash('sha256');
      const sniffer = mediaTypeSniffer();
      let size = 0;
      let written = 0;
      // Two batches in turn: one being written while the next fills, the socket read meanwhile.
      const batches = [0, 1].map(() => Buffer.allocUnsafe(CHUNK_BYTES * CHUNKS_PER_WRITE));
      let batch = batches[0];
      let filled = 0;
      let writing: Promise<void> | undefined;
      const flush = async () => {
        await writing;
        const firstSeq = written / CHUNK_BYTES;
        written += filled;
        writing = writeChunks(db, contentId, firstSeq, batch.subarray(0, filled));
        writing.catch(() => undefined);
        batch = batch === batches[0] ? batches[1] : batches[0];
        filled = 0;
      };
      const drop = async () => {
        // Never the chunks a committed blob names (a commit whose answer was lost still counts).
        await db.execute(sql`
          delete from ${evidenceChunks}
          where content_id = ${contentId}::uuid
            and not exists (select 1 from ${evidenceBlobs} where content_id = ${contentId}::uuid)`);
      };
      try {
        for await (const piece of source as AsyncIterable<Buffer>) {
          hash.update(piece);
          sniffer.update(piece);
          size += piece.length;
          for (let offset = 0; offset < piece.length;) {
            const copied = piece.copy(batch, filled, offset);
            filled += copied;
            offset += copied;
            if (filled === batch.length) await flush();
          }
        }
        if (filled > 0) await flush();
        await writing;
      } catch (error) {
        await writing?.catch(() => undefined);
        await drop().catch(() => undefined);
        throw error;
      }
      const sha256 = hash.digest('hex');
      const chunks = Math.ceil(written / CHUNK_BYTES);
      return {
        sha256,
        size,
        mediaType: await sniffer.mediaType(),
        // The shared lock keeps the collector off the chunks and off a blob reused (same content)
        // until the row's transaction commits.
        async keep(tx) {
          assertSha256(sha256);
          await holdAgainstCollection(tx);
          // The collector removes an abandoned upload whole, starting from its first chunk: with the
          // first chunk here, none was removed (an upload that outlived the grace period is refused).
          const [first] = await tx
            .select({ seq: evidenceChunks.seq })
            .from(evidenceChunks)
            .where(and(eq(evidenceChunks.contentId, contentId), eq(evidenceChunks.seq, 0)));
          if (!first || chunks === 0) {
            throw new Error('The upload was collected before its evidence was recorded');
          }
          const named = await tx
            .insert(evidenceBlobs)
            .values({ sha256, sizeBytes: size, contentId })
            .onConflictDoNothing()
            .returning({ sha256: evidenceBlobs.sha256 });
          // Identical content is already stored: keep it, drop these chunks with the transaction.
          if (named.length === 0) {
            await tx.delete(evidenceChunks).where(eq(evidenceChunks.contentId, contentId));
          }
        },
        discard: drop,
      };
    },

    async open(sha256) {
      const [row] = await db
        .select({
          size: evidenceBlobs.sizeBytes,
          bytes: evidenceBlobs.bytes,
          contentId: evidenceBlobs.contentId,
        })
        .from(evidenceBlobs)
        .where(eq(evidenceBlobs.sha256, sha256));
      if (!row) return null;
      if (row.bytes) return { stream: Readable.from([row.bytes]), size: row.bytes.length };
      if (!row.contentId) return null;
      return { stream: Readable.from(readChunks(db, row.contentId)), size: row.size };
    },

    async rehash(sha256) {
      return (await this.rehashMany([sha256])).get(sha256) ?? null;
    },
    async rehashMany(sha256s) {
      const wanted = [...new Set(sha256s)];
      const digests = new Map<string, string | null>(wanted.map((sha256) => [sha256, null]));
      if (wanted.length === 0) return digests;
      const small: { sha256: string; contentId: string; size: number }[] = [];
      for (const blob of await findBlobs(db, wanted)) {
        if (blob.inlineDigest !== null) digests.set(blob.sha256, blob.inlineDigest);
        else if (blob.contentId === null) continue;
        else if (blob.size <= SMALL_CONTENT_BYTES)
          small.push({ sha256: blob.sha256, contentId: blob.contentId, size: blob.size });
        else digests.set(blob.sha256, await hashContent(db, blob.contentId));
      }
      // Small contents several to a read, about 4 MB at most: a case's screenshots in a few reads.
      for (let i = 0; i < small.length;) {
        const group = [small[i]];
        let bytes = small[i].size;
        for (i += 1; i < small.length && bytes + small[i].size <= SMALL_READ_BYTES; i += 1) {
          group.push(small[i]);
          bytes += small[i].size;
        }
        const hashes = await hashSmallContents(
          db,
          group.map((blob) => blob.contentId),
        );
        for (const blob of group) digests.set(blob.sha256, hashes.get(blob.contentId)!);
      }
      return digests;
    },
  };
}
