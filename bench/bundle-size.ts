/**
 * What a first visit fetches before the first row is on screen, as Chromium fetches it (run after
 * `npm run build`): the compiled server (server/dist/main.mjs, serving web/dist) on a fresh PGlite
 * database, seeded through the API, and /identifiers, /cases and a case's page each opened in a fresh
 * Chromium context (empty cache, signed in by cookie). From the DevTools protocol's own network events it
 * counts, per page, the requests started before the first row and the bytes they brought as sent
 * (encoded: the Brotli copy the server sends, headers included), by kind. Writes
 * bench/results/bundle-size.{json,md} and exits 1 when a page is over a limit; with `--check` (stage 3 of
 * `npm test`, before the end-to-end tests) it writes nothing and only exits 1 when over.
 *
 * Limits: see LIST_MAX_CODE_BYTES (issue 38's targets are met on the lists, not on a case's page). Counted, not
 * timed: no network is emulated.
 *
 *   npm run build && npm run bench:bundle-size
 *   npm run build && npm run check:bundle-size
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright';
import { firstRowTimes, watchFirstRow } from './lib/first-row';
import { apiPost } from './lib/http-post';
import { findChromium } from '../e2e/support/chromium';
import { freePorts, waitUntilAnswering } from '../scripts/local-server.mjs';
import { signIn } from './lib/sign-in';

/**
 * At most this many bytes of JS and CSS, as sent, before the first row of each page, and this many
 * requests. Issue 38's targets are 250 KB and 30 requests (issue 7's 250 KB for a list's first visit,
 * counted as Chromium fetches it). Rolldown's own chunks made Chromium fetch 486, 407 and 606 KB in
 * 127, 105 and 152 requests before the first row of /identifiers, /cases and a case; four chunk groups
 * 408, 397 and 416 KB in 22, 20 and 27; the first-visit groups of web/vite.config.ts 259, 266 and 335 KB
 * in 18, 20 and 24; the stylesheet split in two (what a list needs first, the rest with the screens
 * that need it) and zod out of the entry 249, 248 and 338 KB. The lists are held to the target; a
 * case's page to its figure, so that it does not grow unseen (it needs the timeline's code, zod and the
 * journal's forms: docs/benchmarks.md, "Bundle size").
 */
const LIST_MAX_CODE_BYTES = 250 * 1024;
const CASE_MAX_CODE_BYTES = 340 * 1024;
const MAX_REQUESTS = 30;
const EMAIL = 'bundle-size@bench.example';
const PASSWORD = 'bundle size password 1';

const root = fileURLToPath(new URL('../', import.meta.url));
const serverBundle = join(root, 'server/dist/main.mjs');
const webIndex = join(root, 'web/dist/index.html');
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
const check = process.argv.includes('--check');

interface Screen {
  name: string;
  path: string;
  /** Text of the first row. */
  firstRow: string;
  /** The most bytes of JS and CSS, as sent, before it. */
  maxCodeBytes: number;
}

interface Fetched {
  url: string;
  type: string;
  bytes: number;
}

interface PageCount {
  page: string;
  path: string;
  requests: number;
  codeBytes: number;
  maxCodeBytes: number;
  totalBytes: number;
  /** From navigation to the first row, unthrottled (what one end-to-end test's page load costs). */
  firstRowMs: number;
  byKind: Record<string, { requests: number; bytes: number }>;
  files: Fetched[];
}

async function startBuiltServer(dataDir: string) {
  const [port] = await freePorts(1);
  const origin = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [serverBundle], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
    },
  });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-10_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  await waitUntilAnswering(`${origin}/api/ready`, child, { output: () => output });
  return {
    origin,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** An identifier, a case, and a journal entry in it: each page has a first row. */
async function seed(origin: string, cookie: string): Promise<Screen[]> {
  await apiPost(origin, cookie, '/api/identifiers/import', {
    items: [{ type: 'email', data: { address: 'first-row@example.org' } }],
  });
  const { id: caseId } = await apiPost(origin, cookie, '/api/cases', { title: 'First row case' });
  const entry = await apiPost(origin, cookie, '/api/journal-entries', {
    type: 'note',
    description: 'First row entry',
    evidence: null,
    identifierIds: [],
  });
  await apiPost(origin, cookie, `/api/cases/${caseId}/journal-entries`, { journalEntryId: entry.id });
  return [
    {
      name: 'identifiers',
      path: '/identifiers',
      firstRow: 'first-row@example.org',
      maxCodeBytes: LIST_MAX_CODE_BYTES,
    },
    { name: 'cases', path: '/cases', firstRow: 'First row case', maxCodeBytes: LIST_MAX_CODE_BYTES },
    {
      name: 'case',
      path: `/cases/${caseId}`,
      firstRow: 'First row entry',
      maxCodeBytes: CASE_MAX_CODE_BYTES,
    },
  ];
}

/** Opens the page in a fresh context, cold, and counts what was fetched before its first row. */
async function countPage(
  browser: Browser,
  origin: string,
  cookie: string,
  screen: Screen,
): Promise<PageCount> {
  const [name, value] = cookie.split('=');
  const context = await browser.newContext({ baseURL: origin });
  try {
    await context.addCookies([{ name, value, url: origin }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // `start` on the wall clock (ms since the epoch), as the page's `performance.timeOrigin` is: the
    // network's own clock (`timestamp`) starts at another moment than the page's, and the document
    // request is sent some milliseconds after the navigation began, so adding the page's time to the
    // document's start counted requests the page made just after its first row (the dialogs' code a
    // list fetches once it is shown) as made before it.
    const requests = new Map<string, Fetched & { start: number; done: boolean }>();
    cdp.on('Network.requestWillBeSent', (e) => {
      requests.set(e.requestId, {
        url: e.request.url,
        type: e.type ?? 'Other',
        start: e.wallTime * 1000,
        bytes: 0,
        done: false,
      });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const seen = requests.get(e.requestId);
      if (seen) Object.assign(seen, { bytes: e.encodedDataLength, done: true });
    });
    cdp.on('Network.loadingFailed', (e) => {
      const seen = requests.get(e.requestId);
      if (seen) seen.done = true;
    });
    await watchFirstRow(page, screen.firstRow);
    await page.goto(screen.path, { waitUntil: 'commit' });
    await page.getByText(screen.firstRow, { exact: false }).first().waitFor({ timeout: 60_000 });
    const { ms: firstRowMs, wallTime: rowAt } = await firstRowTimes(page);
    const before = [...requests.values()].filter((r) => r.start <= rowAt);
    // Their bytes are known once each has finished (a request started before the row may end after it).
    const deadline = Date.now() + 30_000;
    while (before.some((r) => !r.done) && Date.now() < deadline) await page.waitForTimeout(20);
    const byKind: PageCount['byKind'] = {};
    for (const r of before) {
      const kind = (byKind[r.type] ??= { requests: 0, bytes: 0 });
      kind.requests += 1;
      kind.bytes += r.bytes;
    }
    const bytesOf = (...types: string[]) =>
      before.filter((r) => types.includes(r.type)).reduce((sum, r) => sum + r.bytes, 0);
    return {
      page: screen.name,
      path: screen.path.replace(/[0-9a-f-]{36}/, '{id}'),
      requests: before.length,
      codeBytes: bytesOf('Script', 'Stylesheet'),
      maxCodeBytes: screen.maxCodeBytes,
      totalBytes: before.reduce((sum, r) => sum + r.bytes, 0),
      firstRowMs: Math.round(firstRowMs),
      byKind,
      files: before
        .map(({ url, type, bytes }) => ({ url: new URL(url).pathname, type, bytes }))
        .sort((a, b) => b.bytes - a.bytes),
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  for (const [path, what] of [
    [serverBundle, 'the server'],
    [webIndex, 'the web app'],
  ]) {
    if (!existsSync(path)) throw new Error(`${path} is missing: build ${what} first (npm run build)`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'scamtrail-bundle-size-'));
  const server = await startBuiltServer(dataDir);
  const browser = await chromium.launch({ executablePath: findChromium() });
  let counts: PageCount[];
  try {
    const cookie = await signIn(server.origin, EMAIL, PASSWORD);
    const screens = await seed(server.origin, cookie);
    counts = [];
    for (const screen of screens) counts.push(await countPage(browser, server.origin, cookie, screen));
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const over = counts.filter((c) => c.codeBytes > c.maxCodeBytes || c.requests > MAX_REQUESTS);
  for (const c of counts) {
    console.log(
      `${c.path}: ${c.requests} requests before the first row (limit ${MAX_REQUESTS}), ` +
        `${kb(c.codeBytes)} of JS and CSS (limit ${kb(c.maxCodeBytes)}), ${kb(c.totalBytes)} in all, ` +
        `first row at ${c.firstRowMs} ms ` +
        `(${Object.entries(c.byKind)
          .map(([kind, k]) => `${kind} ${k.requests}: ${kb(k.bytes)}`)
          .join(', ')})`,
    );
  }
  console.log(
    over.length ? `Over a limit: ${over.map((c) => c.path).join(', ')}` : 'Every page within limits',
  );

  if (!check) {
    const measuredAt = new Date().toISOString();
    const result = {
      benchmark: 'bundle-size',
      measuredAt,
      limits: { requests: MAX_REQUESTS },
      met: over.length === 0,
      pages: counts,
    };
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(`${resultsDir}bundle-size.json`, `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(
      `${resultsDir}bundle-size.md`,
      [
        '# First visit: what Chromium fetches before the first row',
        '',
        `Cold cache, signed in, bytes as sent (encoded, headers included); ${measuredAt}. Limits: ` +
          `${MAX_REQUESTS} requests per page, and the JS and CSS limit in its row.`,
        '',
        '| page | requests | JS and CSS | its limit | all bytes | scripts | stylesheets | other |',
        '| ---- | -------: | ---------: | --------: | --------: | ------: | ----------: | ----: |',
        ...counts.map((c) => {
          const scripts = c.byKind.Script?.requests ?? 0;
          const sheets = c.byKind.Stylesheet?.requests ?? 0;
          return (
            `| ${c.path} | ${c.requests} | ${kb(c.codeBytes)} | ${kb(c.maxCodeBytes)} | ${kb(c.totalBytes)} | ` +
            `${scripts} | ${sheets} | ` +
            `${c.requests - scripts - sheets} |`
          );
        }),
        '',
        `Limits ${over.length ? '**missed**' : 'met'}.`,
        '',
      ].join('\n'),
    );
  }
  if (over.length) process.exitCode = 1;
}

await main();
