import { join } from 'node:path';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { blobEvidenceStore } from './evidence-blob-store';
import type { EvidenceStore } from './evidence-store-contract';
import { diskEvidenceStore } from './evidence-disk-store';

type StoreConfig = Pick<Config, 'dataDir' | 'evidenceDir'>;

/** Where the disk store writes uploads while they arrive: on its own file system, for atomic renames. */
export function stagingDir(config: StoreConfig): string {
  return join(diskStoreRoot(config), 'tmp');
}

/** Where the files of the disk store live: EVIDENCE_DIR, else DATA_DIR/evidence. */
export function diskStoreRoot(config: StoreConfig): string {
  return config.evidenceDir ?? join(config.dataDir, 'evidence');
}

/** Whether new uploads go to files (PGlite always; PostgreSQL when EVIDENCE_DIR is set). */
export function keepsFilesOnDisk(database: Pick<Database, 'kind'>, config: StoreConfig): boolean {
  return database.kind === 'pglite' || config.evidenceDir !== undefined;
}

/**
 * `primary` receives every upload; what it does not hold is read from `earlier`, the store uploads
 * went to before (PostgreSQL's chunks, for the items uploaded before EVIDENCE_DIR was set). Missing
 * bytes are missing from both.
 */
export function readingThrough(primary: EvidenceStore, earlier: EvidenceStore): EvidenceStore {
  return {
    receive: (source) => primary.receive(source),
    async open(sha256) {
      return (await primary.open(sha256)) ?? earlier.open(sha256);
    },
    async rehash(sha256) {
      return (await primary.rehash(sha256)) ?? earlier.rehash(sha256);
    },
    async rehashMany(sha256s) {
      const digests = await primary.rehashMany(sha256s);
      const elsewhere = [...digests].filter(([, digest]) => digest === null).map(([sha256]) => sha256);
      if (elsewhere.length > 0) {
        for (const [sha256, digest] of await earlier.rehashMany(elsewhere)) digests.set(sha256, digest);
      }
      return digests;
    },
  };
}

/**
 * Files with PGlite (one process owns the data directory, EVIDENCE_DIR or DATA_DIR/evidence). With
 * PostgreSQL, every instance reads and writes the same store: files in EVIDENCE_DIR (a volume they all
 * mount) when it is set, reading through to the chunks for items stored before; else the
 * `evidence_blobs` and `evidence_chunks` tables.
 */
export function evidenceStoreFor(database: Database, config: StoreConfig): EvidenceStore {
  if (database.kind === 'pglite') return diskEvidenceStore(diskStoreRoot(config));
  const chunks = blobEvidenceStore(database.db);
  if (config.evidenceDir === undefined) return chunks;
  return readingThrough(diskEvidenceStore(diskStoreRoot(config)), chunks);
}
