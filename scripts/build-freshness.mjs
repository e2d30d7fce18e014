// Whether the production build (web/dist, server/dist) is older than its sources, and rebuilding what
// is. `npm start` (scripts/start.mjs), `npm run verify` and the end-to-end suite's global setup all run
// the build, so they ask here, from the one list of what each output is built from.
//
// A production install (`npm ci --omit=dev`) has no build tools: it runs the build it was given. A
// stale output is then served as it is, with a warning; a missing one is an error saying what to do.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
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
    tool: 'vite',
    build: async () => {
      // Progress goes to stderr: the stdout of `npm run verify` and `npm start` is theirs.
      const build = spawnSync('npm', ['run', 'build', '-w', 'web'], {
        cwd: root,
        stdio: ['ignore', process.stderr, process.stderr],
      });
      if (build.status !== 0)
        throw new Error(`npm run build -w web failed (${build.status ?? build.signal})`);
    },
  },
  server: {
    output: 'server/dist/main.mjs',
    sources: [
      'server/src',
      'server/package.json',
      'domain/src',
      'scripts/build-server.mjs',
      'scripts/verify-bundle.ts',
    ],
    label: 'the server',
    tool: 'esbuild',
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

/** Whether a package the build needs is installed (it is not after `npm ci --omit=dev`). */
function installed(pkg) {
  try {
    createRequire(join(root, 'package.json')).resolve(`${pkg}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds each stale output of `targets` (by default the web app, then the server), saying why. Without
 * the build tools, a stale output is kept with a warning and a missing one is an error.
 */
export async function buildWhereStale(targets = [OUTPUTS.web, OUTPUTS.server]) {
  for (const target of targets) {
    const why = staleness(target);
    if (!why) continue;
    if (!installed(target.tool)) {
      if (!existsSync(join(root, target.output))) {
        throw new Error(
          `${target.output} is missing and ${target.tool} is not installed (a production install). ` +
            'Build with the development dependencies installed (npm ci && npm run build), then install ' +
            'for production.',
        );
      }
      console.warn(`Running ${target.label} as built: ${why}, and ${target.tool} is not installed.`);
      continue;
    }
    console.error(`Building ${target.label} (${why})...`);
    await target.build();
  }
}
