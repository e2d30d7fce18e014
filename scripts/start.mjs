// `npm start`: build the web app and the server if their sources changed since their last build,
// then run the compiled server (which applies migrations and serves the API and the SPA). Signals are
// passed on so the server can shut down gracefully.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), 0);
}

/** True when the build output is missing or older than any of its sources. */
function stale(output, sources) {
  const builtAt = newestMtime(join(root, output));
  return builtAt < Math.max(...sources.map((p) => newestMtime(join(root, p))));
}

if (
  stale('web/dist/index.html', [
    'web/src',
    'web/index.html',
    'web/vite.config.ts',
    'web/package.json',
    'domain/src',
  ])
) {
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (
  stale('server/dist/main.mjs', [
    'server/src',
    'server/package.json',
    'domain/src',
    'scripts/build-server.mjs',
  ])
) {
  console.log('Building the server...');
  await buildServer();
}

// Stack traces point into the bundle; NODE_OPTIONS=--enable-source-maps maps them to the sources (it
// costs about 0.3 s of start-up, which is why it is not the default).
const server = spawn(process.execPath, [join(root, 'server/dist/main.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
