// `npm start`: build the web app if its sources changed since the last build, then run the server
// (which applies migrations and serves the API and the SPA). Signals are passed on so the server
// can shut down gracefully.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), 0);
}

const builtAt = newestMtime(join(root, 'web/dist/index.html'));
const sourcesAt = Math.max(
  ...['web/src', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'domain/src'].map((p) =>
    newestMtime(join(root, p)),
  ),
);
if (builtAt < sourcesAt) {
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
