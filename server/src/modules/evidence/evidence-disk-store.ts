import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { finished, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { holdAgainstCollection } from './evidence-blob-collector';
import { assertSha256, type EvidenceStore } from './evidence-store-contract';
import { mediaTypeSniffer } from './media-type';

/** Bytes gathered while a write runs before the request is paused: then one system call writes them. */
const WRITE_BYTES = 1024 * 1024;
/** Pieces gathered before a write at most, whatever their size (a slow client sends small ones). */
const WRITE_PIECES = 256;
/** Reads of a download or a rehash: 1 MiB at a time. */
const READ_BYTES = 1024 * 1024;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Writes the pieces in order at the file's position, however many calls the system needs. */
async function writeAll(file: FileHandle, pieces: Buffer[]): Promise<void> {
  let rest = pieces;
  while (rest.length > 0) {
    let { bytesWritten } = await file.writev(rest);
    let i = 0;
    while (i < rest.length && bytesWritten >= rest[i].length) bytesWritten -= rest[i++].length;
    rest = rest.slice(i);
    if (bytesWritten > 0) rest[0] = rest[0].subarray(bytesWritten);
  }
}

/**
 * Hands each piece of `source` to `take` as it was pushed: in flowing mode, so pieces are never
 * joined into a new buffer (an async iterator reads whatever is buffered as one, a copy). While a
 * promise `take` answered is pending the source is paused; resolves once all of it was taken, rejects
 * (the source destroyed) if it fails or `take` does.
 */
function eachPiece(source: Readable, take: (piece: Buffer) => Promise<void> | void): Promise<void> {
  return new Promise((resolve, reject) => {
    let taking: Promise<void> | void;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      source.off('data', onData);
      cleanup();
      // As an async iterator left by an exception does: the rest of the source is not wanted.
      source.destroy();
      reject(error);
    };
    const onData = (piece: Buffer) => {
      try {
        taking = take(piece);
      } catch (error) {
        fail(error);
        return;
      }
      if (!taking) return;
      source.pause();
      taking.then(() => {
        taking = undefined;
        if (!failed) source.resume();
      }, fail);
    };
    const cleanup = finished(source, (error) => {
      if (error) return fail(error);
      cleanup();
      // The last piece's write may still be waiting for the one before it.
      void Promise.resolve(taking).then(() => resolve(), fail);
    });
    source.on('data', onData);
  });
}

/**
 * Evidence files under `root/<first two hex digits>/<sha256>`, read-only once written: DATA_DIR or
 * EVIDENCE_DIR with PGlite, EVIDENCE_DIR (shared by every instance) with PostgreSQL. An upload is
 * written to `root/tmp` as it arrives, hashed, measured and sniffed on the way in the same pass, and
 * moved into place with a rename on the same file system, so a reader never sees half of it.
 */
export function diskEvidenceStore(root: string): EvidenceStore {
  const pathOf = (sha256: string) => {
    assertSha256(sha256);
    return join(root, sha256.slice(0, 2), sha256);
  };

  return {
    async receive(source) {
      const dir = join(root, 'tmp');
      await mkdir(dir, { recursive: true });
      const path = join(dir, randomUUID());
      const drop = () => rm(path, { force: true });
      const hash = createHash('sha256');
      const sniffer = mediaTypeSniffer();
      let size = 0;
      // Opened before the first byte is read: a file opened lazily could appear after a failed
      // upload was cleaned up.
      const file = await open(path, 'wx', 0o600);
      // A piece is written at once when no write runs; while one runs, the pieces arriving meanwhile
      // are gathered and written together after it (the request paused once they reach WRITE_BYTES):
      // large writes when the disk is the slower, no bytes held back when the client is.
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let writing: Promise<void> | undefined;
      let failure: { error: unknown } | undefined;
      const write = () => {
        const pieces = pending;
        pending = [];
        pendingBytes = 0;
        writing = writeAll(file, pieces).then(
          () => void (writing = undefined),
          (error: unknown) => {
            failure ??= { error };
            writing = undefined;
          },
        );
      };
      const failed = () => {
        if (failure) throw failure.error;
      };
      let mediaType: string;
      try {
        try {
          await eachPiece(source, (piece) => {
            failed();
            hash.update(piece);
            sniffer.update(piece);
            size += piece.length;
            pending.push(piece);
            pendingBytes += piece.length;
            if (!writing) return write();
            if (pendingBytes >= WRITE_BYTES || pending.length >= WRITE_PIECES) {
              return writing.then(() => {
                failed();
                write();
              });
            }
          });
          await writing;
          if (pending.length > 0) write();
          await writing;
          failed();
        } finally {
          await writing;
          await file.close();
        }
        mediaType = await sniffer.mediaType();
      } catch (error) {
        await drop();
        throw error;
      }
      const sha256 = hash.digest('hex');
      return {
        sha256,
        size,
        mediaType,
        // A file cannot join the row's transaction: placed before the row commits, it is an orphan if
        // the process dies in between, which the collector removes (evidence-collector.ts). The shared
        // lock, held until the row's transaction ends, keeps the collector (of any instance sharing
        // the database and this directory) from judging files meanwhile; taken before the file is
        // looked for, so a stored file found here is not removed before the row naming it commits.
        async keep(tx) {
          await holdAgainstCollection(tx);
          const target = pathOf(sha256);
          try {
            await stat(target);
            // Identical content is already stored: keep it, drop the copy.
            await drop();
            return;
          } catch (error) {
            if (!isMissing(error)) throw error;
          }
          await mkdir(join(root, sha256.slice(0, 2)), { recursive: true });
          await chmod(path, 0o444);
          // Two instances placing the same content at once: the second rename replaces the first
          // file with identical bytes, atomically.
          await rename(path, target);
        },
        // The staged file only: once moved into place it is the stored content (or the collector's).
        discard: drop,
      };
    },

    async open(sha256) {
      const path = pathOf(sha256);
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path, { highWaterMark: READ_BYTES }), size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async rehash(sha256) {
      const hash = createHash('sha256');
      try {
        await pipeline(createReadStream(pathOf(sha256), { highWaterMark: READ_BYTES }), hash);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return hash.digest('hex');
    },
    async rehashMany(sha256s) {
      const digests = new Map<string, string | null>();
      for (const sha256 of new Set(sha256s)) digests.set(sha256, await this.rehash(sha256));
      return digests;
    },
  };
}
