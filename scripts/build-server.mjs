// Compiles the server (server/src/main.ts, the domain package it imports and the pure-JavaScript packages
// it uses) into one ES module, server/dist/main.mjs, with esbuild, so `npm start` neither transforms
// TypeScript nor resolves and reads several hundred CommonJS files at every start (bundled, the modules
// load in about 390 ms instead of 500 to 630 on the 2-core machine, docs/benchmarks.md "Start-up"); the
// offline signature-bundle verifier (scripts/verify-bundle.ts) becomes server/dist/verify-bundle.mjs the
// same way, so neither needs a TypeScript loader in a production install. The packages of EXTERNAL stay
// in node_modules (loaded by Node as installed); the SQL migrations are copied beside the bundle, where
// the compiled code looks for them. Tests keep running the sources.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'server/dist');

/**
 * Packages left to Node: those with native or WebAssembly code, those that read files of their own at
 * run time (Swagger UI's and the static file server's, pino's worker transports), and those the server
 * loads only at first use (a bundled one would be parsed at every start). Each is a dependency of the
 * server, so a production install (npm ci --omit=dev) has it.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@fastify/static',
  '@simplewebauthn/server',
  'file-type',
  'pino',
  'thread-stream',
  'pg-native',
];

/** Bundles our own workspaces and every package but those of EXTERNAL. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      EXTERNAL.some((name) => args.path === name || args.path.startsWith(`${name}/`))
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

export async function buildServer() {
  // Imported here, not at the top: `npm start` imports this module, and a production install
  // (npm ci --omit=dev) has no esbuild; it runs the build made before (scripts/build-freshness.mjs).
  const { build } = await import('esbuild');
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: [
      { in: join(root, 'server/src/main.ts'), out: 'main' },
      { in: join(root, 'scripts/verify-bundle.ts'), out: 'verify-bundle' },
    ],
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    plugins: [externalPackages],
    // The bundled CommonJS packages call require (Node's own modules, JSON files, the external packages).
    banner: {
      js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  cpSync(join(root, 'server/src/db/migrations'), join(outDir, 'migrations'), { recursive: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log('Built server/dist/main.mjs and server/dist/verify-bundle.mjs');
}
