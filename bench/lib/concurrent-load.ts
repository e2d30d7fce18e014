import autocannon from 'autocannon';
import { summarise, type LatencySummary } from './stats';

export interface LoadRun extends LatencySummary {
  perSecond: number;
  errors: number;
  /** HTTP only: the mean size of an answer on the wire, headers included. */
  bytesPerAnswer?: number;
}

/**
 * Runs `work` from `workers` concurrent loops for `seconds`, each loop starting its next call when
 * the previous one ends (closed-loop load, like autocannon's connections), and summarises the
 * latency of every call. Used for both sides of a comparison so they are driven the same way.
 */
export async function runConcurrently(
  workers: number,
  seconds: number,
  work: () => Promise<void>,
): Promise<LoadRun> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < end) {
        const start = process.hrtime.bigint();
        try {
          await work();
          latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  return { ...summarise(latencies), perSecond: Math.round(latencies.length / elapsed), errors };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Runs `connections` autocannon connections against `url` for `seconds`, each sending its next request
 * when the previous answer is complete (closed loop, as `runConcurrently`), and summarises the latency
 * of every 200 answer exactly (autocannon's own histogram rounds to whole milliseconds). Autocannon's
 * client is a light HTTP parser, so on a small machine it takes less CPU from the server than fetch.
 */
export async function runHttpLoad(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string>,
): Promise<LoadRun> {
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const instance = autocannon({ url, connections, duration: seconds, headers, timeout: 10 * seconds });
  instance.on('response', (_client, statusCode, resBytes, responseTime) => {
    bytes += resBytes;
    if (statusCode === 200) latencies.push(responseTime);
    else errors += 1;
  });
  const result = await instance;
  errors += result.errors;
  return {
    ...summarise(latencies),
    perSecond: Math.round(latencies.length / result.duration),
    errors,
    bytesPerAnswer: Math.round(bytes / Math.max(1, latencies.length + errors)),
  };
}

/**
 * `runHttpLoad` against a server process, with the CPU time (user and system) the process spent per
 * answer during the run, in ms.
 */
export async function runServerLoad(
  server: { origin: string; cpuMs(): number },
  path: string,
  connections: number,
  seconds: number,
  headers: Record<string, string>,
): Promise<LoadRun & { cpuMsPerAnswer: number }> {
  const cpuBefore = server.cpuMs();
  const run = await runHttpLoad(`${server.origin}${path}`, connections, seconds, headers);
  return { ...run, cpuMsPerAnswer: (server.cpuMs() - cpuBefore) / Math.max(1, run.samples + run.errors) };
}
