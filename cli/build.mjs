// `npm run build -w cli`: bundles the command (cli/src, and what it takes from api-client/, domain/ and
// the server's signature-bundle verifier) into cli/dist/scamtrail.mjs with esbuild, so the package
// `npm pack -w cli` makes needs none of the workspaces. Its own dependencies stay external: they are
// installed with the package.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('.', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));

await build({
  entryPoints: [new URL('src/main.ts', root).pathname],
  outfile: new URL('dist/scamtrail.mjs', root).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: Object.keys(pkg.dependencies),
  // Bundled CommonJS (canonicalize) may call require(): give the bundle one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  legalComments: 'none',
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});
console.log('Built cli/dist/scamtrail.mjs');
