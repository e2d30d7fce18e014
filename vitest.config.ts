import { defineConfig } from 'vitest/config';
import { WEB_ISOLATED_TESTS } from './eslint/web-test-isolation.js';

// One run covers every workspace. Server tests run on PGlite (each file opens its own in-memory
// database from one migrated dump) and, when TEST_DATABASE_URL is set, a second time against that
// PostgreSQL server (each file clones a migrated template database).

/** Every project's files get a temporary directory of their own, which must be empty at the end. */
const SCRATCH = '../scripts/vitest-scratch-dir.ts';

const serverProject = (name: string, env: Record<string, string>, globalSetup: string) => ({
  test: {
    name,
    root: './server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: [SCRATCH, globalSetup],
    // A test fails when it sends a statement on a connection (or in a transaction) that has one in flight.
    setupFiles: ['./test/one-statement-per-connection.ts'],
    // A worker runs file after file in one module graph: the server's modules (Fastify, Drizzle, the
    // schemas) are imported once per worker instead of once per file. Each file still builds its own
    // app on its own database; no server test mocks a module another file uses unmocked.
    isolate: false,
  },
});

const webProject = (name: string, test: { include?: string[]; exclude?: string[]; isolate?: boolean }) => ({
  extends: './web/vite.config.ts',
  test: {
    name,
    root: './web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    globalSetup: [SCRATCH],
    // Lazy screens are transformed on first use; beside the server suite on 2 cores that is slow.
    // A bound above Testing Library's wait (web/src/test/setup.ts), never a pause.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    css: false,
    ...test,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores (one, on a 2-core machine); the main process
    // does little once the files are transformed, and the server files wait on their database.
    maxWorkers: 2,
    reporters: ['default', './scripts/vitest-slowest-files.ts'],
    projects: [
      {
        test: {
          name: 'domain',
          root: './domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: [SCRATCH],
          // Pure functions and schemas: nothing to isolate, and zod is imported once per worker.
          isolate: false,
        },
      },
      {
        test: {
          name: 'cli',
          root: './cli',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: [SCRATCH],
        },
      },
      serverProject('server-pglite', { TEST_DB: 'pglite' }, './test/pglite-global-setup.ts'),
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server-postgres', { TEST_DB: 'postgres' }, './test/global-setup.ts')]
        : []),
      webProject('web', {
        exclude: WEB_ISOLATED_TESTS,
        // A worker runs file after file in one module graph and one jsdom: React, Carbon and the screens
        // are imported once per worker, not once per file (half the project's CPU time). Every test
        // renders into a fresh container that Testing Library removes, and web/src/test/setup.ts clears
        // what a test may leave in the window (storage, stubbed globals).
        isolate: false,
      }),
      // Files that must import modules of their own (listed, and enforced, in eslint/web-test-isolation.js).
      webProject('web-isolated', { include: WEB_ISOLATED_TESTS }),
    ],
  },
});
