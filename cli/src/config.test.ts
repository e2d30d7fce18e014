import { mkdtemp, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  credentialsPath,
  deleteCredentials,
  readCredentials,
  readCursor,
  saveCredentials,
  saveCursor,
} from './config';

let dir: string;
let env: NodeJS.ProcessEnv;
const credentials = {
  server: 'https://scamtrail.example.org',
  token: 'secret',
  savedAt: '2026-01-01T00:00:00Z',
};

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-config-'));
  env = { SCAMTRAIL_CONFIG_DIR: join(dir, 'scamtrail') };
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('the credentials file', () => {
  it('is readable and writable by its owner only, in a directory only they can enter', async () => {
    const umask = process.umask(0);
    try {
      await saveCredentials(env, credentials);
    } finally {
      process.umask(umask);
    }
    expect(await modeOf(credentialsPath(env))).toBe(0o600);
    expect(await modeOf(env.SCAMTRAIL_CONFIG_DIR!)).toBe(0o700);
    expect(await readCredentials(env)).toEqual(credentials);
  });

  it('replaces a file others could read with one they cannot', async () => {
    await mkdir(env.SCAMTRAIL_CONFIG_DIR!, { recursive: true });
    await writeFile(credentialsPath(env), '{}', { mode: 0o644 });
    await saveCredentials(env, credentials);
    expect(await modeOf(credentialsPath(env))).toBe(0o600);
    expect((await readCredentials(env))?.token).toBe('secret');
  });

  it('is gone after delete, which says whether there was one', async () => {
    await saveCredentials(env, credentials);
    expect(await deleteCredentials(env)).toBe(true);
    expect(await readCredentials(env)).toBeNull();
    expect(await deleteCredentials(env)).toBe(false);
  });
});

describe('export cursors', () => {
  it('are kept per server and stream, privately', async () => {
    await saveCursor(env, 'https://a.example', 'stream-1', '10-1');
    await saveCursor(env, 'https://b.example', 'stream-1', '20-2');
    await saveCursor(env, 'https://a.example', 'stream-1', '11-3');
    expect(await readCursor(env, 'https://a.example', 'stream-1')).toBe('11-3');
    expect(await readCursor(env, 'https://b.example', 'stream-1')).toBe('20-2');
    expect(await readCursor(env, 'https://a.example', 'stream-2')).toBeUndefined();
    expect(await modeOf(join(env.SCAMTRAIL_CONFIG_DIR!, 'export-cursors.json'))).toBe(0o600);
  });
});
