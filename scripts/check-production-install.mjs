// `npm run check:production-install`: proves that a production install runs. It copies the project as
// a deployment would receive it (the files git knows, plus the build in web/dist and server/dist, with
// their times, so the build is as fresh there as here), installs it with `npm ci --omit=dev`, checks
// that no build tool came with it, then starts it as `npm start` does on the embedded database and asks it
// for its health, the web app and a font. Prints the size of the install. Run after `npm run build`.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts, waitUntilAnswering } from './local-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Packages that only build or test: a production install must hold none of them. */
const BUILD_ONLY = ['vite', 'esbuild', 'typescript', 'tsx', 'sass', '@carbon/react', '@ibm/plex', 'vitest'];

function fail(message) {
  console.error(`Production install: ${message}`);
  process.exitCode = 1;
}

/** The project as deployed: tracked and new (not ignored) files, and the build outputs. */
function copyProject(to) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && existsSync(join(root, file)));
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    cpSync(join(root, file), join(to, file), { preserveTimestamps: true });
  }
  for (const dist of ['web/dist', 'server/dist']) {
    if (!existsSync(join(root, dist))) throw new Error(`${dist} is missing: run npm run build first`);
    cpSync(join(root, dist), join(to, dist), { recursive: true, preserveTimestamps: true });
  }
}

async function expectOk(base, path, check) {
  const res = await fetch(new URL(path, base));
  if (!res.ok) return fail(`GET ${path} answered ${res.status}`);
  const problem = check?.(res, await res.text());
  if (problem) fail(`GET ${path}: ${problem}`);
}

const dir = mkdtempSync(join(tmpdir(), 'scamtrail-production-'));
let server;
try {
  copyProject(dir);
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    stdio: 'inherit',
  });
  const present = BUILD_ONLY.filter((pkg) => existsSync(join(dir, 'node_modules', pkg)));
  if (present.length > 0) fail(`build tools were installed: ${present.join(', ')}`);
  const size = execFileSync('du', ['-sm', join(dir, 'node_modules')], { encoding: 'utf8' }).split('\t')[0];
  console.log(`Production install: node_modules is ${size} MB`);

  const [port] = await freePorts(1);
  // What `npm start` runs, without npm in between, so that the signal reaches it.
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => server.on('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${base}/api/health`, server, { output: () => output, timeoutMs: 300_000 }).catch(
    (err) => {
      throw new Error(`npm start did not answer: ${err.message}`);
    },
  );
  if (/Building|as built/.test(output)) fail(`npm start did not run the given build as it was:\n${output}`);
  let font;
  await expectOk(base, '/', (res, body) => {
    if (!res.headers.get('content-type')?.startsWith('text/html')) return 'not HTML';
    const css = body.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
    if (!css) return 'no stylesheet linked';
    font = css;
  });
  if (font) {
    await expectOk(base, font, (_res, body) => {
      font = body.match(/url\("?(\/assets\/[^")]+\.woff2)"?\)/)?.[1];
      return font ? undefined : 'no woff2 font in the stylesheet';
    });
    if (font) await expectOk(base, font);
  }
  server.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) fail(`npm start exited with ${code} on SIGTERM:\n${output}`);
  server = undefined;
  if (!process.exitCode)
    console.log('Production install: npm start serves the API, the web app and its fonts');
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  server?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
