import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../../scripts/build-server.mjs';
import { removeAbandonedData } from './server';

/**
 * Before any worker starts: the tests run against the production build (web/dist served by
 * server/dist/main.mjs), so a build older than its sources is rebuilt first, as `npm start` does. After
 * `npm run build` (which `npm test` runs) both are fresh and this costs a few milliseconds.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Test files are not built into either output. */
const TEST_FILE = /\.test\.tsx?$/;

/** The newest file under `path` (itself when a file; test files aside), or null when there is none. */
function newest(path: string): { path: string; mtimeMs: number } | null {
  if (!existsSync(path) || TEST_FILE.test(path)) return null;
  const stat = statSync(path);
  if (!stat.isDirectory()) return { path, mtimeMs: stat.mtimeMs };
  let found: { path: string; mtimeMs: number } | null = null;
  for (const name of readdirSync(path)) {
    const inner = newest(join(path, name));
    if (inner && (!found || inner.mtimeMs > found.mtimeMs)) found = inner;
  }
  return found;
}

/** Why `output` must be built again (missing, or older than a source), or null when it is fresh. */
function staleness(output: string, sources: string[]): string | null {
  const built = newest(join(ROOT, output));
  if (!built) return `${output} is missing`;
  for (const source of sources) {
    const changed = newest(join(ROOT, source));
    if (changed && changed.mtimeMs > built.mtimeMs) {
      return `${relative(ROOT, changed.path)} changed after ${output} was built`;
    }
  }
  return null;
}

// The same outputs and sources as scripts/start.mjs (which counts test files too).
const WEB_SOURCES = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'domain/src'];
const SERVER_SOURCES = ['server/src', 'server/package.json', 'domain/src', 'scripts/build-server.mjs'];

export default async function globalSetup() {
  const web = staleness('web/dist/index.html', WEB_SOURCES);
  if (web) {
    console.log(`Building the web app (${web})...`);
    const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`npm run build -w web failed (${build.status ?? build.signal})`);
  }
  const server = staleness('server/dist/main.mjs', SERVER_SOURCES);
  if (server) {
    console.log(`Building the server (${server})...`);
    await buildServer();
  }
  await removeAbandonedData();
}
