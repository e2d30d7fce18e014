import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { collectAbandonedChunks, collectOrphanBlobs } from './evidence-blob-collector';
import { collectOrphanFiles, sweepStaging } from './evidence-collector';
import type { Collected } from './evidence-store-contract';
import { diskStoreRoot, keepsFilesOnDisk, stagingDir } from './evidence-store';

/** How often storage is collected again after start. */
export const COLLECTION_INTERVAL_MS = 60 * 60_000;

export interface EvidenceCollection {
  /** Stops the timer and waits for a pass in progress, so the database can close after it. */
  stop(): Promise<void>;
}

const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

/**
 * Removes what a crash left in evidence storage: staged uploads (files in the disk store's staging
 * directory; with PostgreSQL, chunks no blob names too) and stored bytes no row names (files of the
 * disk store, with PGlite or EVIDENCE_DIR; with PostgreSQL, blobs left before they were named in
 * their row's transaction, whether or not EVIDENCE_DIR is set now). One pass runs (and is awaited) at
 * start, then one every `intervalMs`; a failed pass is logged and the next one tries again.
 */
export async function startEvidenceCollection(options: {
  database: Database;
  config: Pick<Config, 'dataDir' | 'evidenceDir' | 'evidenceOrphanGraceMs'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): Promise<EvidenceCollection> {
  const { database, config, log } = options;
  const report = (what: string, done: Collected) => {
    if (done.files > 0) log.info(`evidence storage: removed ${done.files} ${what} (${mib(done.bytes)})`);
  };
  const pass = async () => {
    try {
      const grace = config.evidenceOrphanGraceMs;
      report('staged uploads abandoned mid-upload', await sweepStaging(stagingDir(config), grace));
      if (keepsFilesOnDisk(database, config)) {
        report(
          'stored files no evidence names',
          await collectOrphanFiles(database.db, diskStoreRoot(config), grace),
        );
      }
      if (database.kind === 'postgres') {
        // In PostgreSQL's chunk store an upload is staged as chunks no blob names yet.
        report('staged uploads abandoned mid-upload', await collectAbandonedChunks(database.db, grace));
        report('blobs no evidence names', await collectOrphanBlobs(database.db, grace));
      }
    } catch (error) {
      log.error({ err: error }, 'evidence storage: collection failed; it runs again at the next interval');
    }
  };

  let running: Promise<void> = pass();
  await running;
  const timer = setInterval(() => {
    running = running.then(pass);
  }, options.intervalMs ?? COLLECTION_INTERVAL_MS);
  // The timer alone must not keep the process alive.
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
