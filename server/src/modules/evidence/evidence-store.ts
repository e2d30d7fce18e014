import { join } from 'node:path';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { blobEvidenceStore } from './evidence-blob-store';
import type { EvidenceStore } from './evidence-store-contract';
import { diskEvidenceStore } from './evidence-disk-store';

/** Where the disk store writes uploads while they arrive: on its own file system, for atomic renames. */
export function stagingDir(config: Pick<Config, 'dataDir'>): string {
  return join(diskStoreRoot(config), 'tmp');
}

/** Where the files of the disk store live (PGlite). */
export function diskStoreRoot(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'evidence');
}

/**
 * Files under DATA_DIR with PGlite (one process owns the data directory); the `evidence_blobs` table
 * with PostgreSQL, so every instance of the app reads and writes the same store.
 */
export function evidenceStoreFor(database: Database, config: Pick<Config, 'dataDir'>): EvidenceStore {
  return database.kind === 'postgres'
    ? blobEvidenceStore(database.db)
    : diskEvidenceStore(diskStoreRoot(config));
}
