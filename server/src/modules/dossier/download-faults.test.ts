import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readdir, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Client } from '../../../test/helpers';
import { until } from '../../../test/server-process';
import { buildEvidenceApp, sha256, upload, type EvidenceTestApp } from '../evidence/evidence-test-fixtures';
import { diskStoreRoot } from '../evidence/evidence-store';
import { addPasskey } from '../signatures/signature-test-fixtures';
import type { SoftwareAuthenticator } from '../../../test/software-authenticator';

/**
 * Downloads of stored files when a file cannot be read. The case dossier is a ZIP streamed as it is written, each evidence file read from the store when its
 * turn comes. When a file cannot be read (a disk error; here a directory where the file should be), the
 * download must end broken, a cut connection or an error answer, never a complete-looking ZIP, and the
 * process must go on answering. When the client goes away midway, the file being read must be closed.
 * The store is files on disk on both databases (EVIDENCE_DIR), so the test can break one.
 */

let t: EvidenceTestApp;
let evidenceDir: string;
let alice: Client;
let aliceKey: SoftwareAuthenticator;
let base: string;
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  process.on('uncaughtException', onUncaught);
  evidenceDir = await mkdtemp(join(tmpdir(), 'scamtrail-dossier-faults-'));
  t = await buildEvidenceApp({ EVIDENCE_DIR: evidenceDir });
  const signed = await signedIn(t, 'investigator');
  alice = signed.client;
  aliceKey = (await addPasskey(t.database.db, signed.user.id)).authenticator;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  expect(uncaught, 'errors nobody handled').toEqual([]);
});
afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  await t.close();
  await rm(evidenceDir, { recursive: true, force: true });
});

/** A case holding one evidence file of `bytes`; answers the case's and the item's ids and the stored file. */
async function caseWithFile(bytes: Buffer): Promise<{ caseId: string; evidenceId: string; stored: string }> {
  const created = await alice.post('/api/cases', {
    title: `Dossier fault ${randomBytes(4).toString('hex')}`,
  });
  expect(created.statusCode, created.body).toBe(201);
  const caseId = (JSON.parse(created.body) as { id: string }).id;
  const uploaded = await upload(alice, { name: 'capture.bin', bytes }, { caseId });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const root = diskStoreRoot(t.config);
  const hash = sha256(bytes);
  const stored = (await readdir(root, { recursive: true })).find((path) => path.endsWith(hash));
  expect(stored, 'the stored file').toBeDefined();
  const evidenceId = (JSON.parse(uploaded.body) as { id: string }).id;
  return { caseId, evidenceId, stored: join(root, stored!) };
}

/** GET over a real connection: the response once its headers came, and how its body ended. */
function download(path: string) {
  return new Promise<{
    response: http.IncomingMessage;
    request: http.ClientRequest;
    ended: Promise<{ complete: boolean; bytes: number; error?: string }>;
  }>((resolve, reject) => {
    const request = http.get(`${base}${path}`, { headers: { cookie: alice.cookie } }, (response) => {
      const ended = new Promise<{ complete: boolean; bytes: number; error?: string }>((done) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => done({ complete: response.complete, bytes }));
        response.on('error', (error) => done({ complete: false, bytes, error: error.message }));
      });
      resolve({ response, request, ended });
    });
    request.on('error', reject);
  });
}

/** Whether this process holds a descriptor open on `path`. */
async function holdsOpen(path: string): Promise<boolean> {
  const links = await Promise.all(
    (await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
  );
  return links.includes(path);
}

/**
 * Makes the stored file unreadable (a directory in its place), downloads `url` and expects it to end
 * broken, never complete (headers out: the connection cut before the ZIP's end; else an error in the
 * error shape), with the server still answering.
 */
async function expectBrokenWhenUnreadable(caseId: string, stored: string, url: string) {
  await rm(stored);
  await mkdir(stored);
  try {
    const { response, ended } = await download(url);
    const outcome = await ended;
    if (response.statusCode === 200) {
      expect(outcome.complete, JSON.stringify(outcome)).toBe(false);
    } else {
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
    const after = await alice.get(`/api/cases/${caseId}`);
    expect(after.statusCode, after.body).toBe(200);
  } finally {
    await rm(stored, { recursive: true, force: true });
  }
}

describe('a case dossier whose evidence cannot be read', () => {
  it('ends broken, not complete, and the server goes on answering', async () => {
    const { caseId, stored } = await caseWithFile(randomBytes(64 * 1024));
    await expectBrokenWhenUnreadable(caseId, stored, `/api/cases/${caseId}/dossier`);
  });
});

describe('a signed case dossier whose evidence cannot be read when it is downloaded', () => {
  it('ends broken, not complete, and the server goes on answering', async () => {
    const { caseId, stored } = await caseWithFile(randomBytes(64 * 1024));
    const begun = await alice.post(`/api/cases/${caseId}/dossier/sign/begin`);
    expect(begun.statusCode, begun.body).toBe(200);
    const { exportId, options } = JSON.parse(begun.body) as {
      exportId: string;
      options: Parameters<SoftwareAuthenticator['assert']>[0];
    };
    const completed = await alice.post(`/api/cases/${caseId}/dossier/sign/complete`, {
      exportId,
      response: aliceKey.assert(options),
    });
    expect(completed.statusCode, completed.body).toBe(200);
    await expectBrokenWhenUnreadable(caseId, stored, `/api/cases/${caseId}/dossier?export=${exportId}`);
  });
});

describe('an evidence file that cannot be read', () => {
  it('answers in the error shape, not as the file', async () => {
    const { evidenceId, stored } = await caseWithFile(randomBytes(1024));
    await rm(stored);
    await mkdir(stored);
    try {
      const res = await alice.get(`/api/evidence/${evidenceId}/content`);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect((JSON.parse(res.body) as { error: { code: string } }).error.code).toMatch(/^[A-Z_]+$/);
    } finally {
      await rm(stored, { recursive: true, force: true });
    }
  });
});

describe('a case dossier the client stops reading midway', () => {
  it('closes the evidence file it was reading', async () => {
    // Larger than what the socket buffers hold, so the server is mid-file when the client stops.
    const { caseId, stored } = await caseWithFile(randomBytes(24 * 1024 * 1024));
    const { response, request } = await download(`/api/cases/${caseId}/dossier`);
    expect(response.statusCode).toBe(200);
    // Not read: the server's writes wait once the buffers are full.
    response.pause();
    await until(() => holdsOpen(stored));
    request.destroy();
    await until(async () => !(await holdsOpen(stored)));
  });
});
