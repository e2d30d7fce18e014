import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import envPaths from 'env-paths';
import { CliError, EXIT } from './errors';

/**
 * The user's saved sign-in and export cursors, in their config directory (env-paths: ~/.config/scamtrail
 * on Linux, ~/Library/Preferences/scamtrail on macOS, %APPDATA%\scamtrail\Config on Windows), or in
 * SCAMTRAIL_CONFIG_DIR when set. The credentials file holds a bearer token: it is written with mode
 * 0600 in a 0700 directory, through a temporary file renamed over it, so it is never readable by others
 * nor half written.
 */

export interface Credentials {
  server: string;
  token: string;
  /** When the server says the token ends (ISO 8601), if it says. */
  expiresAt?: string;
  /** The token that renews it then (rotated: each renewal saves the next one). */
  refreshToken?: string;
  /** Who signed in, as /api/auth/me answered at sign-in. */
  user?: { email: string; name: string };
  savedAt: string;
}

export function configDir(env: NodeJS.ProcessEnv): string {
  return env.SCAMTRAIL_CONFIG_DIR || envPaths('scamtrail', { suffix: '' }).config;
}

export const credentialsPath = (env: NodeJS.ProcessEnv) => join(configDir(env), 'credentials.json');
const cursorsPath = (env: NodeJS.ProcessEnv) => join(configDir(env), 'export-cursors.json');

async function readJson<T>(path: string): Promise<T | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new CliError(`${path} is not valid JSON: delete it and sign in again`, EXIT.failure);
  }
}

/** Writes `value` as JSON readable and writable by its owner only (0600), replacing the file at once. */
export async function writePrivateJson(path: string, value: unknown): Promise<void> {
  const dir = join(path, '..');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    // The mode given to writeFile is masked by the umask; this one is not.
    await chmod(temporary, 0o600);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export const readCredentials = (env: NodeJS.ProcessEnv) => readJson<Credentials>(credentialsPath(env));
export const saveCredentials = (env: NodeJS.ProcessEnv, credentials: Credentials) =>
  writePrivateJson(credentialsPath(env), credentials);

/** A lock older than this was left by a process that died holding it (a renewal takes a second or two). */
const LOCK_ABANDONED_MS = 30_000;
/** How often a process waiting for the lock looks again. */
const LOCK_RETRY_MS = 50;

/**
 * Runs `work` while this process alone holds the credentials' lock (`credentials.json.lock`, created
 * with O_EXCL): two scamtrail processes renewing the sign-in at the same moment would otherwise both
 * spend the one refresh token, and the server ends a session whose used refresh token comes back.
 * The second waits, then finds the tokens the first saved.
 */
export async function withCredentialsLock<T>(env: NodeJS.ProcessEnv, work: () => Promise<T>): Promise<T> {
  const path = `${credentialsPath(env)}.lock`;
  await mkdir(configDir(env), { recursive: true, mode: 0o700 });
  for (;;) {
    try {
      await (await open(path, 'wx', 0o600)).close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(path).then(
        (found) => Date.now() - found.mtimeMs,
        () => 0,
      );
      if (age > LOCK_ABANDONED_MS) await rm(path, { force: true });
      else await sleep(LOCK_RETRY_MS);
    }
  }
  try {
    return await work();
  } finally {
    await rm(path, { force: true });
  }
}

/** Deletes the saved credentials; whether there were any. */
export async function deleteCredentials(env: NodeJS.ProcessEnv): Promise<boolean> {
  const path = credentialsPath(env);
  const existed = (await readJson<Credentials>(path)) !== null;
  await rm(path, { force: true });
  return existed;
}

const cursorKey = (server: string, stream: string) => `${server} ${stream}`;

/** Where `export tail` stopped reading a stream of a server, or undefined when it never read it. */
export async function readCursor(env: NodeJS.ProcessEnv, server: string, stream: string) {
  const cursors = (await readJson<Record<string, string>>(cursorsPath(env))) ?? {};
  return cursors[cursorKey(server, stream)];
}

export async function saveCursor(env: NodeJS.ProcessEnv, server: string, stream: string, cursor: string) {
  const cursors = (await readJson<Record<string, string>>(cursorsPath(env))) ?? {};
  cursors[cursorKey(server, stream)] = cursor;
  await writePrivateJson(cursorsPath(env), cursors);
}
