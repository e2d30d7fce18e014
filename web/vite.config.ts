import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/**
 * A compressed copy is sent with two more headers (`Content-Encoding` and `Vary`, about 45 bytes): it is
 * written only when it saves more than that. A size threshold (1 KB, as before) left the many small
 * chunks of a cold load uncompressed, though most of them shrink by half.
 */
const MIN_SAVING_BYTES = 64;

/** Every file under `dir`, skipping dot-directories such as `.vite` (the manifest is not served). */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return nested.flat();
}

/** Writes `.br` (quality 11) and `.gz` (level 9) beside `file`, each only when worth its headers. */
async function precompressFile(file: string): Promise<void> {
  const data = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length + MIN_SAVING_BYTES <= data.length) await writeFile(`${file}.br`, br);
  if (gzipped.length + MIN_SAVING_BYTES <= data.length) await writeFile(`${file}.gz`, gzipped);
}

/**
 * Compresses the build's text files once, at the highest levels, so the server sends them as they are
 * (@fastify/static's `preCompressed`) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'scamtrail:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle(error?: Error) {
      if (error) return;
      const files = await listFiles(outDir);
      await Promise.all(files.filter((file) => COMPRESSIBLE.test(file)).map(precompressFile));
    },
  };
}

/**
 * Every stylesheet, Carbon's (styles/index.scss, which main.tsx imports before any other) and each
 * component's, in one file linked from index.html, in the order the modules run (a module's imports
 * before it; the entry's before any screen's). Stylesheets must stay out of the other groups: the first
 * grouping (reverted in 1de765c) merged the shared modules' stylesheets into the shared chunk, which the
 * entry imports, and index.html linked it before the entry's own; Carbon's rules then came after the
 * app's overrides of them (the identifier list's toolbar over its table header, a button's contrast too
 * low). Screenshots of the lists, a case and their dialogs at 1280 and 390 px are the same pixels as
 * with one stylesheet per chunk (docs/benchmarks.md, "Bundle size").
 */
const STYLESHEET = /\.(?:s[ac]ss|css)(?:\?|$)/;
const FRAMEWORK = /node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack)[\\/]/;
const NODE_MODULES = /node_modules[\\/]/;
const APP_SOURCES = /[\\/](?:web|domain)[\\/]src[\\/]/;

// The API runs on port 3000 in development; the production server serves both from one origin.
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    // Fonts and images stay separate files: the CSP (`default-src 'self'`) and caching both prefer it.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: which chunk holds which source module, for looking into a build.
    // bench/bundle-size.ts counts what Chromium fetches, not the manifest.
    manifest: true,
    rolldownOptions: {
      output: {
        // Modules grouped into one chunk still run in the order their importers ask for them
        // (main.tsx configures zod before any schema is built).
        strictExecutionOrder: true,
        codeSplitting: {
          // Rolldown's own chunks made a first visit fetch 105 to 152 files before its first row,
          // queued six at a time over HTTP/1.1 (issue 38). The framework every screen runs on is one
          // chunk, the libraries two or more chunks share another, the application's modules two or
          // more chunks share a third, and every stylesheet is one file (see STYLESHEET).
          // bench/bundle-size.ts counts what Chromium then fetches before each list's first row.
          groups: [
            // Captured first: no stylesheet lands in the groups below.
            { name: 'styles', test: STYLESHEET, priority: 4 },
            { name: 'framework', test: FRAMEWORK, priority: 3 },
            { name: 'vendor', test: NODE_MODULES, minShareCount: 2, priority: 1 },
            { name: 'shared', test: APP_SOURCES, minShareCount: 2, priority: 0 },
          ],
        },
      },
    },
  },
  css: {
    preprocessorOptions: {
      scss: {
        // Carbon's own sources trigger Sass deprecation notices we cannot fix.
        quietDeps: true,
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
