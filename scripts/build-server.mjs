// Compiles the server (server/src/main.ts and the domain package it imports) into one ES module,
// server/dist/main.mjs, with esbuild, so `npm start` does not transform TypeScript at every start.
// Packages from node_modules stay external (loaded by Node as installed); the SQL migrations are
// copied beside the bundle, where the compiled code looks for them. Tests keep running the sources.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

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
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: [join(root, 'server/src/main.ts')],
    outfile: join(outDir, 'main.mjs'),
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
  console.log('Built server/dist/main.mjs');
}
