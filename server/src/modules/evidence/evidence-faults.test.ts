import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { signedIn, type Client } from '../../../test/helpers';
import { until } from '../../../test/server-process';
import { rowsOf } from '../../db/sql/arrays';
import { collectOrphanFiles } from './evidence-collector';
import { diskStoreRoot, keepsFilesOnDisk } from './evidence-store';
import {
  buildEvidenceApp,
  evidenceFootprint,
  pngBytes,
  sha256,
  upload,
  type EvidenceTestApp,
} from './evidence-test-fixtures';

/**
 * A fault of the database in the middle of an upload's transaction, after its bytes were kept and its
 * row written: the request answers 503 with Retry-After, nothing of it is saved, no staged bytes stay
 * behind, what was saved before is untouched, and the next upload succeeds without a restart. With
 * PGlite the files are on disk; with PostgreSQL, in its chunks, or on disk with EVIDENCE_DIR.
 */

const onPostgres = process.env.TEST_DB === 'postgres';
const STORES = onPostgres ? ['chunks in PostgreSQL', 'files in EVIDENCE_DIR'] : ['files in DATA_DIR'];

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe.each(STORES)('the database failing mid-upload, %s', (store) => {
  let t: EvidenceTestApp;
  let investigator: Client;
  let evidenceDir: string | undefined;

  beforeAll(async () => {
    if (store === 'files in EVIDENCE_DIR')
      evidenceDir = await mkdtemp(join(tmpdir(), 'scamtrail-evidence-dir-'));
    t = await buildEvidenceApp(evidenceDir ? { EVIDENCE_DIR: evidenceDir } : {});
    investigator = (await signedIn(t, 'investigator')).client;
  });
  afterAll(async () => {
    await t.close();
    if (evidenceDir) await rm(evidenceDir, { recursive: true, force: true });
  });

  /**
   * The database ends the transaction as a terminated backend does (SQLSTATE 57P01), at the custody
   * record: after the bytes were kept and the evidence row inserted, before the commit.
   */
  async function failingCustody<T>(work: () => Promise<T>): Promise<T> {
    const db = t.database.db;
    await db.execute(
      sql.raw(`create or replace function fail_custody() returns trigger language plpgsql as $$
        begin raise exception 'terminating connection due to administrator command' using errcode = '57P01'; end $$`),
    );
    await db.execute(
      sql.raw(
        'create trigger fail_custody before insert on evidence_custody for each row execute function fail_custody()',
      ),
    );
    try {
      return await work();
    } finally {
      await db.execute(sql.raw('drop trigger fail_custody on evidence_custody'));
    }
  }

  it('answers 503 with Retry-After, saves nothing, leaves no staged bytes, and the next upload works', async () => {
    const kept = pngBytes();
    const saved = await upload(investigator, { name: 'kept.png', bytes: kept });
    expect(saved.statusCode, saved.body).toBe(201);
    const before = await evidenceFootprint(t);
    const root = diskStoreRoot(t.config);

    const lost = pngBytes();
    const res = await failingCustody(() => upload(investigator, { name: 'lost.png', bytes: lost }));
    expect(res.statusCode, res.body).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().error.code).toBe('DATABASE_UNAVAILABLE');
    expect(res.body).not.toMatch(/terminating|custody|57P01/);

    const after = await evidenceFootprint(t);
    expect({ ...after, files: undefined }).toEqual({ ...before, files: undefined });
    expect(await filesUnder(join(root, 'tmp'))).toEqual([]);
    if (keepsFilesOnDisk(t.database, t.config)) {
      // A file cannot join the transaction: the one placed before the fault is left to the collector,
      // which removes it (and only it) as no row names it.
      const stored = (await filesUnder(root)).map((f) => f.split('/').pop()).sort();
      expect(stored).toEqual([sha256(kept), sha256(lost)].sort());
      expect(await collectOrphanFiles(t.database.db, root, 0)).toMatchObject({ files: 1 });
      expect((await filesUnder(root)).map((f) => f.split('/').pop())).toEqual([sha256(kept)]);
    }

    const again = await upload(investigator, { name: 'again.png', bytes: lost });
    expect(again.statusCode, again.body).toBe(201);
    const content = await investigator.get(`/api/evidence/${again.json().id}/content`);
    expect(content.rawPayload).toEqual(lost);
    const first = await investigator.get(`/api/evidence/${saved.json().id}/content`);
    expect(first.rawPayload).toEqual(kept);
  });
  it.runIf(onPostgres)(
    'a backend terminated while its upload waits mid-transaction: 503, nothing saved, then uploads work',
    async () => {
      const before = await evidenceFootprint(t);
      const root = diskStoreRoot(t.config);
      const bytes = pngBytes();
      let answer: Promise<LightMyRequestResponse> | undefined;
      // The upload's custody record waits on this lock, inside its transaction, after its bytes were
      // kept and its row written; its backend is ended there, as an operator or a failover would.
      await t.database.db.transaction(async (gate) => {
        await gate.execute(sql.raw('lock table evidence_custody in exclusive mode'));
        answer = upload(investigator, { name: 'cut.png', bytes });
        let waiting: number | undefined;
        await until(async () => {
          const [row] = rowsOf<{ pid: number }>(
            await gate.execute(
              sql.raw(`select pid from pg_stat_activity where datname = current_database()
              and wait_event_type = 'Lock' and pid <> pg_backend_pid()`),
            ),
          );
          waiting = row?.pid;
          return waiting !== undefined;
        });
        await gate.execute(sql`select pg_terminate_backend(${waiting}::int)`);
      });
      const res = await answer!;
      expect(res.statusCode, res.body).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().error.code).toBe('DATABASE_UNAVAILABLE');

      const after = await evidenceFootprint(t);
      expect({ ...after, files: undefined }).toEqual({ ...before, files: undefined });
      expect(await filesUnder(join(root, 'tmp'))).toEqual([]);
      if (keepsFilesOnDisk(t.database, t.config)) {
        await collectOrphanFiles(t.database.db, root, 0);
        expect((await filesUnder(root)).map((f) => f.split('/').pop())).not.toContain(sha256(bytes));
      }
      // The pool lost one connection and opens another by itself.
      const again = await upload(investigator, { name: 'again.png', bytes });
      expect(again.statusCode, again.body).toBe(201);
    },
  );
});

/**
 * The evidence directory on a small file system of its own (tmpfs; mounting needs root, as on CI): a
 * full disk, then a read-only one. Each answers 503 STORAGE_UNAVAILABLE with Retry-After, drops the
 * staged bytes, keeps what was stored, and uploads work again once there is room, without a restart.
 */
function mountSmallDisk(): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'scamtrail-small-disk-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', dir]);
  if (mounted.status === 0) return dir;
  rmSync(dir, { recursive: true, force: true });
  return undefined;
}
const smallDisk = mountSmallDisk();

describe.runIf(smallDisk)('a full or read-only evidence disk', () => {
  let t: EvidenceTestApp;
  let investigator: Client;
  const dir = smallDisk!;
  const remount = (mode: 'ro' | 'rw') =>
    expect(spawnSync('mount', ['-o', `remount,${mode}`, dir]).status).toBe(0);

  beforeAll(async () => {
    t = await buildEvidenceApp({ EVIDENCE_DIR: dir, MAX_UPLOAD_MB: '2' });
    investigator = (await signedIn(t, 'investigator')).client;
  });
  afterAll(async () => {
    await t?.close();
    spawnSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  function expectStorageFault(res: LightMyRequestResponse) {
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json().error.code).toBe('STORAGE_UNAVAILABLE');
    expect(res.body).not.toMatch(/ENOSPC|EROFS|scamtrail-small-disk/);
  }

  it('answers 503 with Retry-After, saves nothing, and uploads again once there is room', async () => {
    const kept = pngBytes();
    const saved = await upload(investigator, { name: 'kept.png', bytes: kept });
    expect(saved.statusCode, saved.body).toBe(201);
    const before = await evidenceFootprint(t);

    // Larger than the whole disk: the write runs out of room part-way.
    const full = await upload(investigator, { name: 'large.bin', bytes: randomBytes(512 * 1024) });
    expectStorageFault(full);
    expect(await evidenceFootprint(t)).toEqual(before);
    expect(await filesUnder(join(dir, 'tmp'))).toEqual([]);

    remount('ro');
    try {
      expectStorageFault(await upload(investigator, { name: 'ro.png', bytes: pngBytes() }));
      expect(await evidenceFootprint(t)).toEqual(before);
      // What was stored is still served.
      expect((await investigator.get(`/api/evidence/${saved.json().id}/content`)).rawPayload).toEqual(kept);
    } finally {
      remount('rw');
    }

    const fits = pngBytes();
    const again = await upload(investigator, { name: 'fits.png', bytes: fits });
    expect(again.statusCode, again.body).toBe(201);
    expect((await investigator.get(`/api/evidence/${again.json().id}/content`)).rawPayload).toEqual(fits);
  });
});
