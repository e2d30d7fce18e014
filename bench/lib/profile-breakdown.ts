import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';

/**
 * Where a server's CPU went while a benchmark measured it, per request served: the samples of the V8 CPU
 * profiles `cpu-profile-preload.mjs` wrote (one per server process) that fall inside the measured
 * windows, grouped by the code that was on top of the stack, their shares applied to the CPU time
 * the kernel counted for the process over the same windows.
 * Frames of a bundle are mapped back to their sources through its source map, so that the app's code,
 * Fastify's and Drizzle's are told apart inside the one file `npm run build` makes.
 *
 * A profile's timestamps and `process.hrtime` read the same monotonic clock (microseconds since boot
 * on Linux), so a window taken in the benchmark's process selects samples of a server's.
 */

/** A span the benchmark measured, on the monotonic clock (µs). */
export interface MeasuredWindow {
  fromUs: number;
  toUs: number;
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The groups the table shows, most specific first; anything else is named by its package. */
const GROUPS: [name: string, test: (source: string, fn: string) => boolean][] = [
  ['Socket writes (system calls)', (s, fn) => s === '' && /^(writev|writeBuffer|writeUtf8String)$/.test(fn)],
  ['V8 (garbage collection, compiling)', (s, fn) => s === '' && /^\((garbage collector|program)\)$/.test(fn)],
  ['node-postgres', (s) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+)\//.test(s)],
  // Drizzle's source maps name their sources relative to its package root (`src/...`), which the
  // bundle's map keeps as `node_modules/src/...`; no other package in the bundle does so.
  ['Drizzle', (s) => /node_modules\/(drizzle-orm|src)\//.test(s)],
  ['zod and its Fastify type provider', (s) => /node_modules\/(zod|fastify-type-provider-zod)\//.test(s)],
  [
    'Fastify, its router, plugins and logger',
    (s) =>
      /node_modules\/(fastify|find-my-way|avvio|@fastify\/[^/]+|pino[^/]*|secure-json-parse|fast-json-stringify|fast-querystring|light-my-request|toad-cache|cookie|fastq|reusify|ipaddr\.js|safe-regex2|ret|sonic-boom)\//.test(
        s,
      ),
  ],
  ['Canonical JSON (the chain)', (s) => /node_modules\/canonicalize\//.test(s)],
  [
    'The app (server/src, domain/src)',
    (s) => /(^|\/)(server|domain)\/src\/|^\.\.\/src\/|^\.\.\/\.\.\/domain\//.test(s),
  ],
  ["The bundle's own helpers", (s) => s === UNMAPPED],
  ['The bare server', (s) => /bench\/lib\/[a-z-]*bare[a-z-]*\.ts$/.test(s)],
  ['Node (http, streams, events, crypto, promises)', (s) => s === '' || s.startsWith('node:')],
];

/** A frame of a mapped script that its map names no source for (a bundler's own helpers). */
const UNMAPPED = '(unmapped)';

function groupOf(source: string, fn: string): string {
  for (const [name, test] of GROUPS) if (test(source, fn)) return name;
  return source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? source;
}

/** The profiles a directory holds (not its subdirectories: the bare server's are kept apart). */
export function profilesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => join(dir, name));
}

/**
 * The share of each group in the busy samples taken inside the windows, from the profiles of every
 * process that served them (several instances' profiles add up); idle samples are left out. V8 samples
 * by the clock, not by CPU time: a thread waiting for a core is sampled where it waits (on a loaded
 * machine, mostly in the socket writes that wake PostgreSQL's backends), so the shares are the busy
 * time's, and `breakdownTable` scales them to the CPU time the kernel counted.
 */
export function busyShares(profiles: string[], windows: MeasuredWindow[]): Map<string, number> {
  const maps = new Map<string, SourceMap | null>();
  const byGroup = new Map<string, number>();
  let busy = 0;
  for (const file of profiles) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    const groups = new Map<number, string>();
    const group = (id: number) => {
      let name = groups.get(id);
      if (name === undefined) {
        const frame = frames.get(id)!;
        name = groupOf(sourceOf(frame, maps), frame.functionName);
        groups.set(id, name);
      }
      return name;
    };
    let at = profile.startTime;
    for (let i = 0; i < profile.samples.length; i += 1) {
      at += profile.timeDeltas[i];
      const id = profile.samples[i];
      if (frames.get(id)!.functionName === '(idle)') continue;
      if (!windows.some((w) => at >= w.fromUs && at <= w.toUs)) continue;
      const name = group(id);
      byGroup.set(name, (byGroup.get(name) ?? 0) + 1);
      busy += 1;
    }
  }
  for (const [name, count] of byGroup) byGroup.set(name, count / Math.max(1, busy));
  return byGroup;
}

/** A frame's source file: through the bundle's source map when its script has one beside it. */
function sourceOf(frame: CallFrame, maps: Map<string, SourceMap | null>): string {
  const { url } = frame;
  if (!url.startsWith('file://')) return url;
  const path = new URL(url).pathname;
  if (!maps.has(path)) {
    const mapFile = `${path}.map`;
    maps.set(path, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
  }
  const map = maps.get(path);
  if (!map || frame.lineNumber < 0) return path;
  const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string };
  // A map names its sources relative to the script: resolved, the app's own keep their place in the tree.
  return entry.originalSource ? new URL(entry.originalSource, url).pathname : UNMAPPED;
}

/**
 * A Markdown table of two servers' CPU per request side by side (the API's and the bare server's):
 * each one's CPU time per request as the kernel counted it, split by its busy samples' shares; groups
 * in the order of the first's cost, with the difference and totals.
 */
export function breakdownTable(
  api: { shares: Map<string, number>; cpuUsPerRequest: number },
  bare: { shares: Map<string, number>; cpuUsPerRequest: number },
): string[] {
  const us = (side: typeof api, name: string) => (side.shares.get(name) ?? 0) * side.cpuUsPerRequest;
  const names = [...new Set([...api.shares.keys(), ...bare.shares.keys()])].sort(
    (a, b) => us(api, b) - us(api, a) || us(bare, b) - us(bare, a),
  );
  const row = (name: string, a: number, b: number) =>
    `| ${name} | ${Math.round(a)} | ${Math.round(b)} | ${Math.round(a - b)} |`;
  const shown = names.filter((n) => us(api, n) >= 2 || us(bare, n) >= 2);
  const rest = names.filter((n) => !shown.includes(n));
  const sum = (side: typeof api, of: string[]) => of.reduce((total, n) => total + us(side, n), 0);
  return [
    '| code on top of the stack | API µs / write | bare µs / write | API − bare |',
    '| ------------------------ | -------------: | --------------: | ---------: |',
    ...shown.map((n) => row(n, us(api, n), us(bare, n))),
    ...(rest.length ? [row(`${rest.length} others under 2 µs`, sum(api, rest), sum(bare, rest))] : []),
    row('**total**', api.cpuUsPerRequest, bare.cpuUsPerRequest),
  ];
}
