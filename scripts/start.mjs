// `npm start`: build the web app and the server if their sources changed since their last build,
// then run the compiled server (which applies migrations and serves the API and the SPA). Signals are
// passed on so the server can shut down gracefully.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWhereStale } from './build-freshness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

try {
  await buildWhereStale();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

// Stack traces point into the bundle; NODE_OPTIONS=--enable-source-maps maps them to the sources (it
// costs about 0.3 s of start-up, which is why it is not the default).
const server = spawn(process.execPath, [join(root, 'server/dist/main.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
