/**
 * First visit, cold cache: what Chromium really fetches before the first row of a screen is on it
 * (not part of `npm test`; needs the built web app, `npm run build`):
 *
 *   npm run build && npm run bench:cold-load
 *
 * Starts the compiled server (as `npm start` runs it) on a fresh PGlite database on 127.0.0.1, seeds
 * it through the API, and opens /identifiers, /cases and a case's page in a fresh Chromium context
 * each time (empty cache, signed in by cookie), with the network emulated over the DevTools protocol
 * (BENCH_LATENCY_MS, default 150 ms round trip, BENCH_MBPS, default 10 Mbit/s both ways). For each it
 * counts, from the browser's own events:
 * - the requests started before the first row appeared, and the bytes they brought;
 * - when the page's first API request started, against the end of the last script it needed: an API
 *   request queued behind the code shows as a late start; and the longest an API request waited for a
 *   connection (asked for, not yet sent: HTTP/1.1's six connections busy with module files);
 * - the time to the first row, beside the floor: the bytes at the emulated bandwidth plus two round
 *   trips (the document, then everything else at once, as HTTP/1.1's six connections allow at best).
 * BENCH_ROUNDS (default 3) rounds; medians and every round go to bench/results/cold-load.{json,md}.
 * BENCH_CPU_SLOWDOWN=n runs the page's CPU n times slower (DevTools' CPU throttling), as on a slower
 * machine; the floor does not change with it. BENCH_WATERFALL=1 also prints, for each visit, the requests before the row: when each was asked for,
 * sent on a connection and done, from the navigation's start.
 * Targets (issue 38): the first row within 2x the floor, at most 30 requests before it.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright';
import { firstRowTimes, watchFirstRow } from './lib/first-row';
import { findChromium } from '../e2e/support/chromium';
import { startServer } from './lib/server-process';
import { machineInfo, signIn } from './lib/sign-in';
import { median } from './lib/concurrent-load';

const EMAIL = 'cold-load@bench.example';
const PASSWORD = 'benchmark password 1';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 150);
const MBPS = Number(process.env.BENCH_MBPS ?? 10);
const BYTES_PER_SECOND = (MBPS * 1_000_000) / 8;
const MAX_REQUESTS = 30;
const MAX_FLOOR_RATIO = 2;
const WATERFALL = process.env.BENCH_WATERFALL === '1';
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 1);
const webIndex = fileURLToPath(new URL('../web/dist/index.html', import.meta.url));
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));

interface Screen {
  name: string;
  path: string;
  /** What appears when the first row is on screen. */
  firstRow: string;
}

interface Visit {
  firstRowMs: number;
  floorMs: number;
  requestsBeforeRow: number;
  bytesBeforeRow: number;
  scripts: number;
  apiRequests: number;
  /** When the first API request started, after navigation began. */
  firstApiStartMs: number;
  /** When the last script needed before the row finished. */
  lastScriptEndMs: number;
  /**
   * The longest an API request before the row waited between being asked for and being sent (queued
   * for one of HTTP/1.1's six connections, behind module files): the DevTools timing's `sendStart`.
   */
  apiQueuedMs: number;
}

async function api(
  origin: string,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ id: string }> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { origin, cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string };
}

/** 60 identifiers, 40 cases, and one case with 40 journal entries. */
async function seed(origin: string, cookie: string): Promise<{ caseId: string; newestEntry: string }> {
  await api(origin, cookie, 'POST', '/api/identifiers/import', {
    items: Array.from({ length: 60 }, (_, i) => ({
      type: 'email',
      data: { address: `victim${i}@example.org` },
    })),
  });
  let caseId = '';
  for (let i = 0; i < 40; i++) {
    const created = await api(origin, cookie, 'POST', '/api/cases', { title: `Refund scam ${i}` });
    caseId ||= created.id;
  }
  let newestEntry = '';
  for (let i = 0; i < 40; i++) {
    newestEntry = `Call ${i} from the refund desk`;
    const entry = await api(origin, cookie, 'POST', '/api/journal-entries', {
      type: 'note',
      description: newestEntry,
      evidence: null,
      identifierIds: [],
    });
    await api(origin, cookie, 'POST', `/api/cases/${caseId}/journal-entries`, { journalEntryId: entry.id });
  }
  return { caseId, newestEntry };
}

async function visit(browser: Browser, origin: string, cookie: string, screen: Screen): Promise<Visit> {
  const [name, value] = cookie.split('=');
  const context = await browser.newContext({ baseURL: origin });
  await context.addCookies([{ name, value, url: origin }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: BYTES_PER_SECOND,
    uploadThroughput: BYTES_PER_SECOND,
  });
  if (CPU_SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  interface Seen {
    url: string;
    type: string;
    start: number;
    end?: number;
    bytes: number;
    /** When the request went out on a connection (the response's timing), on the same clock. */
    sent?: number;
  }
  const requests = new Map<string, Seen>();
  // The network's clock (`timestamp`) is not the page's: `wall` places a request on the wall clock,
  // as the page's `performance.timeOrigin` does, to tell what started before the first row.
  const wallOffset = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => {
    wallOffset.set(e.requestId, e.wallTime * 1000 - e.timestamp * 1000);
    requests.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? '',
      start: e.timestamp * 1000,
      bytes: 0,
    });
  });
  cdp.on('Network.responseReceived', (e) => {
    const seen = requests.get(e.requestId);
    const timing = e.response.timing;
    if (seen && timing) seen.sent = timing.requestTime * 1000 + timing.sendStart;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const seen = requests.get(e.requestId);
    if (seen) Object.assign(seen, { end: e.timestamp * 1000, bytes: e.encodedDataLength });
  });
  await watchFirstRow(page, screen.firstRow);
  await page.goto(screen.path, { waitUntil: 'commit' });
  await page.getByText(screen.firstRow, { exact: false }).first().waitFor({ timeout: 120_000 });
  // The page's clock starts with the navigation.
  const { ms: firstRowMs, wallTime: rowWallTime } = await firstRowTimes(page);
  const documentRequest = [...requests.values()].find((r) => r.type === 'Document');
  if (!documentRequest) throw new Error(`no document request for ${screen.path}`);
  // Times below are from navigation start, on the network's clock.
  const cdpStart = rowWallTime - firstRowMs - (wallOffset.values().next().value ?? 0);
  const before = [...requests.entries()]
    .filter(([id, r]) => r.start + (wallOffset.get(id) ?? 0) <= rowWallTime)
    .map(([, r]) => r);
  const bytes = before.reduce((sum, r) => sum + r.bytes, 0);
  const scripts = before.filter((r) => r.type === 'Script');
  const apiRequests = before.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
  if (WATERFALL) {
    const at = (ms: number | undefined) => (ms === undefined ? '-' : String(Math.round(ms - cdpStart)));
    console.log(`${screen.name}, first row at ${Math.round(firstRowMs)} ms:`);
    for (const r of before.sort((a, b) => a.start - b.start)) {
      const { pathname, search } = new URL(r.url);
      console.log(
        `  ${at(r.start).padStart(5)} ${at(r.sent).padStart(5)} ${at(r.end).padStart(5)} ` +
          `${(r.bytes / 1024).toFixed(1).padStart(6)} KB  ${r.type.padEnd(10)} ${pathname}${search}`,
      );
    }
  }
  await context.close();
  return {
    firstRowMs: Math.round(firstRowMs),
    floorMs: Math.round((bytes / BYTES_PER_SECOND) * 1000 + 2 * LATENCY_MS),
    requestsBeforeRow: before.length,
    bytesBeforeRow: bytes,
    scripts: scripts.length,
    apiRequests: apiRequests.length,
    firstApiStartMs: Math.round(Math.min(...apiRequests.map((r) => r.start)) - cdpStart),
    lastScriptEndMs: Math.round(Math.max(...scripts.map((r) => r.end ?? r.start)) - cdpStart),
    apiQueuedMs: Math.round(Math.max(0, ...apiRequests.map((r) => (r.sent ?? r.start) - r.start))),
  };
}

async function main() {
  if (!existsSync(webIndex)) throw new Error('Build the web app first: npm run build');
  const loadAtStart = loadavg();
  const dataDir = mkdtempSync(join(tmpdir(), 'scamtrail-cold-load-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
  });
  const browser = await chromium.launch({ executablePath: findChromium() });
  try {
    const cookie = await signIn(server.origin, EMAIL, PASSWORD);
    const { caseId, newestEntry } = await seed(server.origin, cookie);
    const screens: Screen[] = [
      // Any seeded address: one import gives them the same time, so which comes first is not fixed.
      { name: 'identifiers', path: '/identifiers', firstRow: '@example.org' },
      { name: 'cases', path: '/cases', firstRow: 'Refund scam 39' },
      { name: 'case', path: `/cases/${caseId}`, firstRow: newestEntry },
    ];
    const results = [];
    for (const screen of screens) {
      const visits: Visit[] = [];
      for (let round = 0; round < ROUNDS; round++)
        visits.push(await visit(browser, server.origin, cookie, screen));
      const pick = (key: keyof Visit) => median(visits.map((v) => v[key]));
      const summary = {
        screen: screen.name,
        firstRowMs: pick('firstRowMs'),
        floorMs: pick('floorMs'),
        ratio: Number((pick('firstRowMs') / pick('floorMs')).toFixed(2)),
        requestsBeforeRow: pick('requestsBeforeRow'),
        scripts: pick('scripts'),
        apiRequests: pick('apiRequests'),
        kbBeforeRow: Number((pick('bytesBeforeRow') / 1024).toFixed(1)),
        firstApiStartMs: pick('firstApiStartMs'),
        lastScriptEndMs: pick('lastScriptEndMs'),
        apiQueuedMs: pick('apiQueuedMs'),
        rounds: visits,
      };
      console.log(
        `${screen.name}: first row ${summary.firstRowMs} ms (floor ${summary.floorMs} ms, ${summary.ratio}x), ` +
          `${summary.requestsBeforeRow} requests (${summary.scripts} scripts, ${summary.apiRequests} API), ` +
          `${summary.kbBeforeRow} KB; first API request at ${summary.firstApiStartMs} ms, last script done at ` +
          `${summary.lastScriptEndMs} ms, API queued up to ${summary.apiQueuedMs} ms`,
      );
      results.push(summary);
    }
    const result = {
      benchmark: 'cold-load',
      measuredAt: new Date().toISOString(),
      network: { latencyMs: LATENCY_MS, mbps: MBPS },
      cpuSlowdown: CPU_SLOWDOWN,
      targets: { maxRequests: MAX_REQUESTS, maxFloorRatio: MAX_FLOOR_RATIO },
      machine: machineInfo(loadAtStart),
      screens: results,
    };
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, 'cold-load.json'), `${JSON.stringify(result, null, 2)}\n`);
    const rows = results.map(
      (r) =>
        `| ${r.screen} | ${r.firstRowMs} | ${r.floorMs} | ${r.ratio}x | ${r.requestsBeforeRow} | ${r.scripts} | ` +
        `${r.apiRequests} | ${r.kbBeforeRow} | ${r.firstApiStartMs} | ${r.lastScriptEndMs} | ${r.apiQueuedMs} |`,
    );
    writeFileSync(
      join(resultsDir, 'cold-load.md'),
      [
        '# First visit, cold cache',
        '',
        `Chromium, ${LATENCY_MS} ms round trip, ${MBPS} Mbit/s${CPU_SLOWDOWN > 1 ? `, CPU ${CPU_SLOWDOWN}x slower` : ''}, medians of ${ROUNDS} rounds; ${result.measuredAt}.`,
        `Targets: first row within ${MAX_FLOOR_RATIO}x the floor (bytes at the bandwidth + 2 round trips), at most ${MAX_REQUESTS} requests before it.`,
        '',
        '| screen | first row (ms) | floor (ms) | ratio | requests | scripts | API | KB | first API start (ms) | last script done (ms) | API queued (ms) |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
        ...rows,
        '',
      ].join('\n'),
    );
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
