/**
 * What a cold load of /identifiers downloads (run after `npm run build`): index.html's entry script and
 * stylesheet, the app chunk it imports at start, the /identifiers route chunk, and every chunk and
 * stylesheet those import, followed through web/dist/.vite/manifest.json. Sizes are the bytes the server
 * sends: the file, or its precompressed .br / .gz sibling. Writes bench/results/bundle-size.{json,md} and
 * exits 1 when the Brotli total is over the target. With `--check` it writes nothing and only exits 1
 * when over: `npm test` runs it so after the build (the size is counted, not timed, so the same build
 * always gives the same answer), and a change that drags a heavy module into the first screen fails there.
 *
 *   npm run build && npm run bench:bundle-size
 *   npm run build && npm run check:bundle-size
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** At most this many bytes of JS and CSS, Brotli-compressed, before /identifiers can render. */
const TARGET_BYTES = 250 * 1024;

/**
 * The modules a cold load of /identifiers runs, in order: each after the first is imported dynamically
 * by one before it (main.tsx imports bootstrap.tsx; the router imports the route's screen).
 */
const LOAD_CHAIN = [
  'index.html',
  'src/bootstrap.tsx',
  'src/features/identifiers/routes/identifiers-route.tsx',
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

const dist = fileURLToPath(new URL('../web/dist/', import.meta.url));
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));

function readManifest(): Record<string, ManifestChunk> {
  const path = `${dist}.vite/manifest.json`;
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first`);
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The files the chain loads: each step's chunk, its static imports (preloaded with it) and their CSS. */
function coldLoadFiles(manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  LOAD_CHAIN.forEach((key, index) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest: update LOAD_CHAIN in bench/bundle-size.ts`);
    const importer = LOAD_CHAIN.slice(0, index).some((earlier) =>
      manifest[earlier].dynamicImports?.some((dynamic) => dynamic === key),
    );
    if (index > 0 && !importer) {
      throw new Error(
        `nothing earlier in LOAD_CHAIN imports ${key}: update LOAD_CHAIN in bench/bundle-size.ts`,
      );
    }
    visit(key);
  });
  return [...files];
}

/** The bytes sent for `file` with the given encoding: the sibling if the build wrote one, else the file. */
function sentBytes(file: string, extension: '' | '.br' | '.gz'): number {
  const path = `${dist}${file}${extension}`;
  return existsSync(path) ? statSync(path).size : statSync(`${dist}${file}`).size;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function main() {
  const sizes: FileSize[] = coldLoadFiles(readManifest())
    .map((file) => ({
      file,
      raw: sentBytes(file, ''),
      gzip: sentBytes(file, '.gz'),
      brotli: sentBytes(file, '.br'),
    }))
    .sort((a, b) => b.raw - a.raw);
  const sum = (pick: (size: FileSize) => number, ext?: string) =>
    sizes.filter((size) => !ext || size.file.endsWith(ext)).reduce((total, size) => total + pick(size), 0);
  const total = { raw: sum((s) => s.raw), gzip: sum((s) => s.gzip), brotli: sum((s) => s.brotli) };
  const byKind = {
    js: {
      raw: sum((s) => s.raw, '.js'),
      gzip: sum((s) => s.gzip, '.js'),
      brotli: sum((s) => s.brotli, '.js'),
    },
    css: {
      raw: sum((s) => s.raw, '.css'),
      gzip: sum((s) => s.gzip, '.css'),
      brotli: sum((s) => s.brotli, '.css'),
    },
  };
  const met = total.brotli <= TARGET_BYTES;
  const result = {
    benchmark: 'bundle-size',
    page: '/identifiers',
    measuredAt: new Date().toISOString(),
    targetBrotliBytes: TARGET_BYTES,
    met,
    total,
    byKind,
    files: sizes,
  };

  const row = (name: string, s: { raw: number; gzip: number; brotli: number }) =>
    `| ${name} | ${kb(s.raw)} | ${kb(s.gzip)} | ${kb(s.brotli)} |`;
  const markdown = [
    '# Cold load of /identifiers',
    '',
    `JS and CSS a browser downloads before /identifiers renders (${LOAD_CHAIN.join(' -> ')}, with every ` +
      `chunk and stylesheet they import), as the server sends them; fonts and the API answers not counted. ` +
      `${result.measuredAt}.`,
    '',
    '| file | raw | gzip | brotli |',
    '|---|---:|---:|---:|',
    ...sizes.map((s) => row(`\`${s.file}\``, s)),
    row('**JS**', byKind.js),
    row('**CSS**', byKind.css),
    row('**total**', total),
    '',
    `Target: at most ${kb(TARGET_BYTES)} Brotli-compressed: ${met ? 'met' : '**missed**'} (${kb(total.brotli)}).`,
    '',
  ].join('\n');

  if (!process.argv.includes('--check')) {
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(`${resultsDir}bundle-size.json`, `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(`${resultsDir}bundle-size.md`, markdown);
  }
  console.log(
    `/identifiers cold load: ${sizes.length} files, ${kb(total.raw)} raw, ${kb(total.gzip)} gzip, ` +
      `${kb(total.brotli)} brotli (target ${kb(TARGET_BYTES)}: ${met ? 'met' : 'MISSED'})`,
  );
  if (!met) process.exitCode = 1;
}

main();
