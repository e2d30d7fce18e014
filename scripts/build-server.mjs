// Compiles the server (server/src/main.ts and the domain package it imports) into one ES module,
// server/dist/main.mjs, with esbuild, so `npm start` does not transform TypeScript at every start;
// the offline signature-bundle verifier (scripts/verify-bundle.ts) becomes server/dist/verify-bundle.mjs
// the same way, so neither needs a TypeScript loader in a production install. Packages from
// node_modules stay external (loaded by Node as installed); the SQL migrations are copied beside the
// bundle, where the compiled code looks for them. Tests keep running the sources.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'server/dist');

/** Bundles our own workspaces (@scamtrail/*), leaves every other package to Node. */
const ownCodeOnly = {
  name: 'own-code-only',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@scamtrail/') ? undefined : { path: args.path, external: true },
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
    plugins: [ownCodeOnly],
    logLevel: 'warning',
  });
  cpSync(join(root, 'server/src/db/migrations'), join(outDir, 'migrations'), { recursive: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log('Built server/dist/main.mjs and server/dist/verify-bundle.mjs');
}
