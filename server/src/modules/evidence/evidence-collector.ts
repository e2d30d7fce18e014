import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/client';
import { findReferencedHashes } from './stored-hashes.repository';
import { lockOutUploads } from './evidence-blob-collector';
import { SHA256_HEX, type Collected } from './evidence-store-contract';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

async function entriesOf(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/** Size and age of a file, or null if it is gone. A rename sets ctime, a write mtime: the later counts. */
async function sizeAndAge(path: string, now: number): Promise<{ size: number; ageMs: number } | null> {
  try {
    const s = await stat(path);
    return { size: s.size, ageMs: now - Math.max(s.mtimeMs, s.ctimeMs) };
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The stored files of the disk store: `root/<first two hex digits>/<sha256>`, nothing else. */
async function storedFiles(root: string): Promise<{ sha256: string; path: string }[]> {
  const files: { sha256: string; path: string }[] = [];
  for (const dir of await entriesOf(root)) {
    if (!dir.isDirectory() || !/^[0-9a-f]{2}$/.test(dir.name)) continue;
    for (const file of await entriesOf(join(root, dir.name))) {
      if (file.isFile() && SHA256_HEX.test(file.name) && file.name.startsWith(dir.name)) {
        files.push({ sha256: file.name, path: join(root, dir.name, file.name) });
      }
    }
  }
  return files;
}

/**
 * Removes the disk store's files that no evidence row names and that are older than `graceMs`: bytes
 * placed by an upload whose row never committed (the process died, or the transaction failed after
 * the file was placed). The check and the removal run in one transaction holding the collection lock
 * exclusively (`lockOutUploads`), and an upload places or reuses a file inside its row's transaction
 * holding it shared: so the lock waits for every upload between placing (or finding) its file and
 * committing its row, on any instance sharing the database and the directory, and the check, read
 * after it, sees their rows; an upload coming later waits, then finds the file gone and places its
 * own. PGlite runs one transaction at a time besides. Several collectors sharing the directory take
 * turns; a file another one removed first is not counted. The grace period is a second guard, for
 * files someone put there by hand.
 */
export async function collectOrphanFiles(
  db: Db,
  root: string,
  graceMs: number,
  now = Date.now(),
): Promise<Collected> {
  const candidates: { sha256: string; path: string; size: number }[] = [];
  for (const file of await storedFiles(root)) {
    const found = await sizeAndAge(file.path, now);
    if (found && found.ageMs >= graceMs) candidates.push({ ...file, size: found.size });
  }
  if (candidates.length === 0) return { files: 0, bytes: 0 };
  return db.transaction(async (tx) => {
    await lockOutUploads(tx);
    const referenced = await findReferencedHashes(
      tx,
      candidates.map((c) => c.sha256),
    );
    const collected: Collected = { files: 0, bytes: 0 };
    for (const orphan of candidates.filter((c) => !referenced.has(c.sha256))) {
      try {
        await rm(orphan.path);
      } catch (error) {
        if (isMissing(error)) continue;
        throw error;
      }
      collected.files += 1;
      collected.bytes += orphan.size;
    }
    return collected;
  });
}

/**
 * Removes staged uploads older than `graceMs`: what a process killed mid-upload left behind. A file
 * still being received is written to as its bytes arrive (an idle form is given up within seconds),
 * and a received one is stored or removed by its request, so only abandoned files grow that old.
 */
export async function sweepStaging(dir: string, graceMs: number, now = Date.now()): Promise<Collected> {
  const swept: Collected = { files: 0, bytes: 0 };
  for (const entry of await entriesOf(dir)) {
    if (!entry.isFile()) continue;
    const path = join(dir, entry.name);
    const found = await sizeAndAge(path, now);
    if (!found || found.ageMs < graceMs) continue;
    try {
      await rm(path);
    } catch (error) {
      // Swept by another instance sharing the directory.
      if (isMissing(error)) continue;
      throw error;
    }
    swept.files += 1;
    swept.bytes += found.size;
  }
  return swept;
}
