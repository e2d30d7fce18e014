import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { findChromium } from './support/chromium';

/**
 * Each worker starts its own server (the compiled bundle, server/dist/main.mjs, serving web/dist) on a
 * fresh PGlite database: see the `server` fixture in support/fixtures.ts. The global setup rebuilds
 * either when its sources are newer.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  // A worker is a Chromium and a server, and Chromium takes most of the CPU: one per core. On 2 cores, 2
  // workers took 21.7 min and 3 took 20.4 (one flaky), the machine busy with other runs either way.
  workers: availableParallelism(),
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Bounds, not waits: generous enough for a machine shared with other work.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  // The spec files that held a worker longest, printed at the end: where to look when the stage grows.
  reportSlowTests: { max: 15, threshold: 15_000 },
  use: {
    // One browser context per worker, reset by Playwright between tests (cookies, cache, storage,
    // pages, routes, init scripts; docs/conventions.md, "Tests"): a fresh context costs a new
    // renderer process that compiles the app's code again (the suite: 1,233 s with a context per
    // test, 1,000 s with one per worker, on 2 cores).
    reuseContext: true,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
