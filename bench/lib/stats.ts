/** Latency samples in milliseconds and their percentiles (nearest-rank). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export interface LatencySummary {
  samples: number;
  p50: number;
  p95: number;
  p99: number;
}

export function summarise(samples: readonly number[]): LatencySummary {
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    samples: samples.length,
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    p99: round(percentile(samples, 99)),
  };
}

/** Wall-clock milliseconds of one call. */
export async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}
