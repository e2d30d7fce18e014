import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { multipartForm, pngBytes, sha256 } from '../src/modules/evidence/evidence-test-fixtures';
import { pgliteTemplate } from './helpers';
import { scratchPostgresDatabase } from './scratch-database';
import { freePorts, startServer, until, type ServerProcess } from './server-process';

/**
 * Kill -9 mid-upload: what the dead process left in evidence storage is gone once a new one is ready.
 * Each test starts the real server as a child process, kills it and starts it again on the same data.
 */

const ADMIN = { email: 'admin@example.com', password: 'admin password 1' };

/**
 * Only a bound for a test that hangs: every step waits for its condition. Each test starts the server
 * twice through tsx, which took 49 of the 60 s this was at a load average of 15 on 2 cores.
 */
const CRASH_TEST_BOUND_MS = 180_000;

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function start(
  env: Record<string, string>,
): Promise<{ server: ServerProcess; base: string; origin: string }> {
  const [port] = await freePorts(1);
  const server = startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Whatever the dead process left is old enough to go at once.
    EVIDENCE_ORPHAN_GRACE_MINUTES: '0',
    ...env,
  });
  cleanups.push(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
  });
  await server.waitFor('Scamtrail at');
  return { server, base: `http://127.0.0.1:${port}`, origin: `http://localhost:${port}` };
}

async function signIn(base: string, origin: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0].split(';')[0];
}

function postUpload(base: string, headers: Record<string, string>, bytes: Buffer) {
  const form = multipartForm({}, [{ name: 'proof.png', bytes }]);
  return fetch(`${base}/api/evidence`, {
    method: 'POST',
    headers: { ...headers, ...form.headers },
    body: form.payload,
  });
}

/** An upload whose first megabyte is sent and whose rest never comes: the server is mid-upload. */
function startLargeUpload(base: string, headers: Record<string, string>): ClientRequest {
  const boundary = `----crash${randomBytes(6).toString('hex')}`;
  const req = httpRequest(`${base}/api/evidence`, {
    method: 'POST',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  req.on('error', () => {});
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  req.write(randomBytes(1024 * 1024));
  return req;
}

async function filesIn(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/** Resolves once a staged file under `dir` has received bytes. */
async function stagedFileArrives(dir: string, server: ServerProcess): Promise<void> {
  await until(async () => {
    for (const file of await filesIn(dir)) if ((await stat(file)).size > 0) return true;
    return false;
  }, server.early);
}

async function killHard(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

async function tempDataDir(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'scamtrail-crash-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/**
 * A PGlite data directory already migrated, from the run's dump (pglite-global-setup.ts): the first
 * start skips the migrations, which in a child process took most of this test's time. What the test
 * is about (the files a dead process leaves) is the same.
 */
async function migratedPgliteDataDir(): Promise<string> {
  const dataDir = await tempDataDir();
  const database = await openDatabase({ dataDir, template: await pgliteTemplate() });
  await database.close();
  return dataDir;
}

describe('kill -9 mid-upload', () => {
  it.runIf(process.env.TEST_DB !== 'postgres')(
    'PGlite: after restart no orphan file and no staged file remain, and stored evidence is kept',
    async () => {
      const dataDir = await migratedPgliteDataDir();
      const staging = join(dataDir, 'evidence', 'tmp');
      const first = await start({ DATA_DIR: dataDir });
      const cookie = await signIn(first.base, first.origin);
      const headers = { cookie, origin: first.origin };
      const kept = pngBytes();
      const created = await postUpload(first.base, headers, kept);
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };

      startLargeUpload(first.base, headers);
      await stagedFileArrives(staging, first.server);
      // A file placed by an upload whose row never committed: the process died between the two.
      const orphan = randomBytes(4096);
      const orphanPath = join(dataDir, 'evidence', sha256(orphan).slice(0, 2), sha256(orphan));
      await mkdir(join(orphanPath, '..'), { recursive: true });
      await writeFile(orphanPath, orphan);
      await killHard(first.server);
      expect(await filesIn(staging)).toHaveLength(1);

      const second = await start({ DATA_DIR: dataDir });
      expect(await filesIn(staging)).toEqual([]);
      expect((await filesIn(join(dataDir, 'evidence'))).map((f) => f.split('/').pop())).toEqual([
        sha256(kept),
      ]);
      expect(second.server.output()).toContain('removed 1 staged uploads abandoned mid-upload');
      expect(second.server.output()).toContain('removed 1 stored files no evidence names');
      const again = await signIn(second.base, second.origin);
      const content = await fetch(`${second.base}/api/evidence/${id}/content`, {
        headers: { cookie: again },
      });
      expect(content.status).toBe(200);
      expect(Buffer.from(await content.arrayBuffer())).toEqual(kept);
    },
    CRASH_TEST_BOUND_MS,
  );

  it.runIf(process.env.TEST_DB === 'postgres')(
    'PostgreSQL: a kill mid-upload leaves no blob without its row; chunks and leftovers go at restart',
    async () => {
      // A clone of the run's migrated template: the server's first start has nothing to migrate.
      const database = await scratchPostgresDatabase('crash');
      cleanups.push(() => database.drop());
      const url = database.url;
      const dataDir = await tempDataDir();
      const staging = join(dataDir, 'evidence', 'tmp');
      const first = await start({ DATA_DIR: dataDir, DATABASE_URL: url });
      const cookie = await signIn(first.base, first.origin);
      const headers = { cookie, origin: first.origin };

      const gate = new pg.Client({ connectionString: url });
      await gate.connect();
      cleanups.push(() => gate.end());
      // The upload's insert of its evidence row waits on this lock, after its blob is written.
      await gate.query('BEGIN');
      await gate.query('LOCK TABLE evidence IN EXCLUSIVE MODE');
      void postUpload(first.base, headers, pngBytes()).catch(() => undefined);
      await until(async () => {
        const { rows } = await gate.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
          [database.name],
        );
        return rows[0].n > 0;
      }, first.server.early);
      startLargeUpload(first.base, headers);
      // Its first megabyte is written as chunks, beside those of the upload waiting on the lock.
      await until(async () => {
        const { rows } = await gate.query<{ n: number }>(
          'select count(distinct content_id)::int as n from evidence_chunks',
        );
        return rows[0].n === 2;
      }, first.server.early);
      await killHard(first.server);
      await gate.query('ROLLBACK');
      // The dead process's sessions end as PostgreSQL finds their sockets closed.
      await until(async () => {
        const { rows } = await gate.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database.name],
        );
        return rows[0].n === 0;
      });

      const orphanBlobs = async () => {
        const { rows } = await gate.query<{ n: number }>(
          'select count(*)::int as n from evidence_blobs b where not exists (select 1 from evidence e where e.sha256 = b.sha256)',
        );
        return rows[0].n;
      };
      // Written in the row's transaction, the blob went with it.
      expect(await orphanBlobs()).toBe(0);

      // One left by a crash before blobs were written in their row's transaction goes at start.
      await gate.query(`insert into evidence_blobs (sha256, size_bytes, bytes) values ($1, 3, 'old')`, [
        sha256('old'),
      ]);
      const second = await start({ DATA_DIR: dataDir, DATABASE_URL: url });
      expect(await filesIn(staging)).toEqual([]);
      expect(await orphanBlobs()).toBe(0);
      const { rows } = await gate.query<{ n: number }>('select count(*)::int as n from evidence_chunks');
      expect(rows[0].n).toBe(0);
      // Both uploads' chunks: the one whose row never committed and the one cut mid-way.
      expect(second.server.output()).toContain('removed 2 staged uploads abandoned mid-upload');
      expect(second.server.output()).toContain('removed 1 blobs no evidence names');
    },
    CRASH_TEST_BOUND_MS,
  );
});
