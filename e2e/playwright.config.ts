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
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
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
