import { randomUUID } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../lib/errors';

/** /api/ready answers within this, whatever the database or the disk do. */
export const READY_DEADLINE_MS = 2_000;

export interface ReadinessChecks {
  /** A trivial query; given the deadline so a silent server's connection is given up too. */
  ping: (timeoutMs: number) => Promise<void>;
  /** The directory whose disk must take writes (DATA_DIR); absent when data is kept in memory. */
  writableDir?: string;
  deadlineMs?: number;
}

/**
 * Writes, syncs and removes a small file: a full, read-only or failing disk refuses one of these,
 * where reading or listing the directory would still succeed. Synced, because a write the file
 * system only buffers can succeed on a full disk.
 */
async function probeWritable(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `.ready-${process.pid}-${randomUUID()}`);
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile('ready');
    await handle.sync();
  } finally {
    await handle.close();
    await rm(file, { force: true });
  }
}

function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  // eslint-disable-next-line no-restricted-syntax -- a deadline on one piece of work, not reads at once
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function unavailable(code: 'DATABASE_UNAVAILABLE' | 'STORAGE_UNAVAILABLE', message: string, cause: unknown) {
  const error = new AppError(code, message);
  error.retryAfterSeconds = code === 'DATABASE_UNAVAILABLE' ? 2 : 30;
  error.cause = cause;
  return error;
}

/**
 * The readiness check, at most one at a time: a balancer polling a frozen database would otherwise
 * pile up a connection per poll, each waiting for an answer that does not come.
 */
export function readinessCheck(checks: ReadinessChecks): () => Promise<void> {
  const deadlineMs = checks.deadlineMs ?? READY_DEADLINE_MS;
  let running: Promise<void> | null = null;
  const check = async () => {
    const database = within(checks.ping(deadlineMs), deadlineMs, 'the database').catch((err: unknown) => {
      throw unavailable('DATABASE_UNAVAILABLE', 'Database unreachable', err);
    });
    const disk = checks.writableDir
      ? within(probeWritable(checks.writableDir), deadlineMs, 'the data directory').catch((err: unknown) => {
          throw unavailable('STORAGE_UNAVAILABLE', 'The data directory cannot be written', err);
        })
      : Promise.resolve();
    // eslint-disable-next-line no-restricted-syntax -- one ping on the pool and a file written to disk
    const [db, storage] = await Promise.allSettled([database, disk]);
    if (db.status === 'rejected') throw db.reason;
    if (storage.status === 'rejected') throw storage.reason;
  };
  return () => {
    running ??= check().finally(() => {
      running = null;
    });
    return running;
  };
}
