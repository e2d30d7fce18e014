import { faultOf } from './faults';

/** The first pause between attempts, doubled after each until `MAX_PAUSE_MS`. */
const FIRST_PAUSE_MS = 250;
const MAX_PAUSE_MS = 5_000;

/** PostgreSQL answers, but the database is not there yet (an entrypoint script still creating it). */
const DATABASE_NOT_YET_CREATED = '3D000';

function isWorthWaitingFor(err: unknown): boolean {
  if (faultOf(err)?.code === 'DATABASE_UNAVAILABLE') return true;
  return (err as { code?: unknown } | null)?.code === DATABASE_NOT_YET_CREATED;
}

function reasonOf(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return reasonOf(err.errors[0]);
  return err instanceof Error ? err.message : String(err);
}

/**
 * Runs `work` (start-up's first use of the database) until it succeeds, retrying with backoff for up
 * to `limitMs` while the database cannot be reached or is still starting: PostgreSQL started together
 * with the server (a compose file, a host's boot) is often not ready first. Any other error, or the
 * limit reached, is thrown. `onWait` hears each wait and its reason, for the log.
 */
export async function whenDatabaseAnswers<T>(
  work: () => Promise<T>,
  limitMs: number,
  onWait: (reason: string, pauseMs: number) => void,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  let pause = FIRST_PAUSE_MS;
  for (;;) {
    try {
      return await work();
    } catch (err) {
      const left = deadline - Date.now();
      if (!isWorthWaitingFor(err) || left <= 0) throw err;
      const wait = Math.min(pause, left);
      onWait(reasonOf(err), wait);
      await new Promise((resolve) => setTimeout(resolve, wait));
      pause = Math.min(pause * 2, MAX_PAUSE_MS);
    }
  }
}
