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

// The API runs on port 3000 in development; the production server serves both from one origin.
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    // Fonts and images stay separate files: the CSP (`default-src 'self'`) and caching both prefer it.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: bench/bundle-size.ts follows it to what a cold load downloads.
    manifest: true,
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
