import { defineConfig } from '@playwright/test';
import { findChromium } from './support/chromium';
import { ADMIN, BASE_URL, E2E_PORT } from './support/env';

// One data directory per port, so runs on different ports do not wipe each other's database.
const DATA_DIR = `.data/${E2E_PORT}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
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
  webServer: {
    // The production build (web/dist, built by `npm run build`) served by the real server on a fresh
    // PGlite data directory.
    command: `rm -rf ${DATA_DIR} && node --import tsx ../server/src/main.ts`,
    url: `${BASE_URL}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      PUBLIC_URL: BASE_URL,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
  },
});
