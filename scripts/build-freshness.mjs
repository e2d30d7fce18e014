// Whether the production build (web/dist, server/dist) is older than its sources, and rebuilding what
// is. `npm start` (scripts/start.mjs) and the end-to-end suite's global setup both run the build, so
// both ask here, from the one list of what each output is built from.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Test files are built into neither output: editing one needs no build. */
const TEST_FILE = /\.test\.tsx?$/;

export const OUTPUTS = {
  web: {
    output: 'web/dist/index.html',
    sources: ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'domain/src'],
    label: 'the web app',
    build: async () => {
      const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
      if (build.status !== 0)
        throw new Error(`npm run build -w web failed (${build.status ?? build.signal})`);
    },
  },
  server: {
    output: 'server/dist/main.mjs',
    sources: ['server/src', 'server/package.json', 'domain/src', 'scripts/build-server.mjs'],
    label: 'the server',
    build: buildServer,
  },
};

/** The newest file under `path` (itself when a file; test files aside), or null when there is none. */
function newest(path) {
  if (!existsSync(path) || TEST_FILE.test(path)) return null;
  const stat = statSync(path);
  if (!stat.isDirectory()) return { path, mtimeMs: stat.mtimeMs };
  let found = null;
  for (const name of readdirSync(path)) {
    const inner = newest(join(path, name));
    if (inner && (!found || inner.mtimeMs > found.mtimeMs)) found = inner;
  }
  return found;
}

/** Why `output` must be built again (missing, or older than a source), or null when it is fresh. */
export function staleness({ output, sources }) {
  const built = newest(join(root, output));
  if (!built) return `${output} is missing`;
  for (const source of sources) {
    const changed = newest(join(root, source));
    if (changed && changed.mtimeMs > built.mtimeMs) {
      return `${relative(root, changed.path)} changed after ${output} was built`;
    }
  }
  return null;
}

/** Builds each stale output (the web app, then the server), saying why. */
export async function buildWhereStale() {
  for (const target of [OUTPUTS.web, OUTPUTS.server]) {
    const why = staleness(target);
    if (!why) continue;
    console.log(`Building ${target.label} (${why})...`);
    await target.build();
  }
}
