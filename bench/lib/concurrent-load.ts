import { summarise, type LatencySummary } from './stats';

export interface LoadRun extends LatencySummary {
  perSecond: number;
  errors: number;
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
