import { defineConfig } from 'vitest/config';

// One run covers every workspace. Server tests run on a fresh PGlite per file and, when
// TEST_DATABASE_URL is set, a second time against that PostgreSQL server.
const serverProject = (name: string, env: Record<string, string>, globalSetup: string[] = []) => ({
  test: {
    name,
    root: './server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: './domain', include: ['src/**/*.test.ts'], environment: 'node' } },
      serverProject('server-pglite', { TEST_DB: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server-postgres', { TEST_DB: 'postgres' }, ['./test/global-setup.ts'])]
        : []),
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // Lazy screens are transformed on first use; beside the server suite on 2 cores that is slow.
          testTimeout: 20_000,
          css: false,
        },
      },
    ],
  },
});
