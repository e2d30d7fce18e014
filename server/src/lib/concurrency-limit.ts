/** Thrown by `ConcurrencyLimit.run` when every slot is taken and the queue is full. */
export class OverCapacityError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Over capacity');
  }
}

/** Weight of the newest sample in the running mean of how long a task runs. */
const SMOOTHING = 0.1;

/**
 * Runs at most `maxRunning` tasks at once; the others wait first come, first served in a queue of at
 * most `queueLength`, and one more is refused at once (OverCapacityError, with a guess of when a place
 * frees up) rather than piling up.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private meanRunMs: number;

  constructor(
    readonly maxRunning: number,
    readonly queueLength: number,
    /** A first guess of a task's duration, for Retry-After before any task has run. */
    expectedRunMs = 100,
  ) {
    this.meanRunMs = expectedRunMs;
  }

  state(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.maxRunning) {
      this.running += 1;
    } else if (this.waiting.length < this.queueLength) {
      // The slot is handed over by the task that ends (see `release`), so `running` stays counted.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      throw new OverCapacityError(this.retryAfterSeconds());
    }
    const startedAt = performance.now();
    try {
      return await task();
    } finally {
      this.meanRunMs += SMOOTHING * (performance.now() - startedAt - this.meanRunMs);
      this.release();
    }
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }

  /** Seconds until the queue ahead of a newcomer has run, at the mean pace; at least 1. */
  private retryAfterSeconds(): number {
    const ahead = this.waiting.length + 1;
    return Math.max(1, Math.ceil((ahead * this.meanRunMs) / this.maxRunning / 1000));
  }
}
