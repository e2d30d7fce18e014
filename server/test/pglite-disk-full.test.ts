import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { pgliteTemplate, signedIn, testAppOn, type Client, type TestApp } from './helpers';

/**
 * PGlite's own data directory on a file system that fills up (tmpfs; mounting needs root, as on CI):
 * PGlite runs in the server's process, so its full disk must not end the process either. A write
 * answers 503 STORAGE_UNAVAILABLE with Retry-After, reads go on, what was saved stays, and writes
 * succeed again once there is room, without a restart.
 */

function mountDisk(): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'scamtrail-pglite-disk-'));
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=128m', 'tmpfs', dir]).status === 0) return dir;
  rmSync(dir, { recursive: true, force: true });
  return undefined;
}
const disk = process.env.TEST_DB === 'postgres' ? undefined : mountDisk();

// Vitest still collects a skipped describe's body: nothing in it may touch `disk` before a hook runs.
describe.runIf(disk)('PGlite on a full disk', () => {
  const dir = disk ?? '';
  const filler = join(dir, 'filler');
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    const dataDir = join(dir, 'data');
    const database = await openDatabase({
      dataDir,
      template: await pgliteTemplate(),
    });
    t = await testAppOn(database, { DATA_DIR: dataDir });
    admin = (await signedIn(t, 'admin')).client;
  });
  afterAll(async () => {
    await t?.close();
    spawnSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers writes 503 with Retry-After, keeps reading and what was saved, and writes again once there is room', async () => {
    const saved = await admin.post('/api/tags', { name: 'Saved before' });
    expect(saved.statusCode, saved.body).toBe(201);

    // All but a few kilobytes of the disk taken: the next writes cannot extend the tables' files.
    const { bavail, bsize } = statfsSync(dir);
    writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 8192)));
    try {
      const refused: number[] = [];
      // Enough writes to need new pages of the table and its indexes, whatever room was left.
      for (let i = 0; i < 400 && refused.length === 0; i += 1) {
        const res = await admin.post('/api/tags', { name: `Full ${i}`, description: 'x'.repeat(400) });
        if (res.statusCode === 201) continue;
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBe('30');
        expect(res.json().error.code).toBe('STORAGE_UNAVAILABLE');
        refused.push(i);
      }
      expect(refused).toHaveLength(1);
      const read = await admin.get(`/api/tags/${saved.json().id}`);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().name).toBe('Saved before');
    } finally {
      await rm(filler, { force: true });
    }

    const again = await admin.post('/api/tags', { name: 'Room again' });
    expect(again.statusCode, again.body).toBe(201);
  });
});
