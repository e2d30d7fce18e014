import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertSha256, type EvidenceStore } from './evidence-store-contract';
import { stageStream } from './evidence-upload';
import { sniffMediaType } from './media-type';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Evidence files under `root/<first two hex digits>/<sha256>`, read-only once written. An upload is
 * staged under `root/tmp` (hashed on the way) and moved into place with a rename on the same file
 * system, so a reader never sees half of it.
 */
export function diskEvidenceStore(root: string): EvidenceStore {
  const pathOf = (sha256: string) => {
    assertSha256(sha256);
    return join(root, sha256.slice(0, 2), sha256);
  };

  return {
    async receive(source) {
      const staged = await stageStream(source, join(root, 'tmp'));
      const drop = () => rm(staged.path, { force: true });
      let mediaType: string;
      try {
        mediaType = await sniffMediaType(staged.path);
      } catch (error) {
        await drop();
        throw error;
      }
      return {
        sha256: staged.sha256,
        size: staged.size,
        mediaType,
        // A file cannot join the row's transaction: placed before the row commits, it is an orphan if
        // the process dies in between, which the collector removes (evidence-collector.ts). PGlite runs
        // one transaction at a time, so the collector never runs between this rename and that commit.
        async keep() {
          const target = pathOf(staged.sha256);
          try {
            await stat(target);
            // Identical content is already stored: keep it, drop the copy.
            await drop();
            return;
          } catch (error) {
            if (!isMissing(error)) throw error;
          }
          await mkdir(join(root, staged.sha256.slice(0, 2)), { recursive: true });
          await chmod(staged.path, 0o444);
          await rename(staged.path, target);
        },
        // The staged file only: once moved into place it is the stored content (or the collector's).
        discard: drop,
      };
    },

    async open(sha256) {
      const path = pathOf(sha256);
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path), size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async rehash(sha256) {
      const hash = createHash('sha256');
      try {
        await pipeline(createReadStream(pathOf(sha256)), hash);
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
