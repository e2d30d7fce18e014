import type { Database } from '../../db/client';

/** The channel the events table's trigger notifies when a transaction that wrote events commits. */
export const EVENTS_CHANNEL = 'scamtrail_events';

/**
 * Wakes export-stream readers that wait for events (`wait=`): PostgreSQL NOTIFYs this instance when a
 * transaction that wrote events commits (migration 0012's trigger), on any instance. Listening starts
 * with the first reader that waits. A reader takes `mark()` before it reads and waits `after` it, so
 * events committed between its read and its wait still wake it. Without a listener (its connection
 * lost, or not yet back) a wait lasts its whole time and the reader reads again then: later, never
 * wrong. A lost connection is listened on again in the background, after a pause that doubles while
 * the database stays away (so an outage is not met with a connection attempt per reader); once back,
 * every waiting reader is woken to read again, since NOTIFYs sent meanwhile were not heard.
 */
const FIRST_RETRY_PAUSE_MS = 250;
const MAX_RETRY_PAUSE_MS = 10_000;

export class EventsSignal {
  private generation = 0;
  private readonly waiters = new Set<() => void>();
  private listening: Promise<void> | null = null;
  private stop: (() => Promise<void>) | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private retryPauseMs = FIRST_RETRY_PAUSE_MS;
  /** Listening was lost or never began: events may have been missed. */
  private missed = false;

  /** Closed: readers answer with what they have instead of waiting. */
  get isClosed(): boolean {
    return this.closed;
  }

  constructor(private readonly database: Pick<Database, 'listen'>) {}

  /** Listens if not yet, and answers the count of wake-ups so far, for `after`. */
  async mark(): Promise<number> {
    await this.listen();
    return this.generation;
  }

  /** Resolves once woken since `mark`, after `ms`, when `abort` fires or when closed. */
  after(mark: number, ms: number, abort: AbortSignal): Promise<void> {
    if (this.generation !== mark || this.closed || abort.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        abort.removeEventListener('abort', done);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      abort.addEventListener('abort', done);
      this.waiters.add(done);
    });
  }

  /** Wakes every waiting reader, stops listening, and lets no reader wait any more. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.wake();
    await this.listening;
    await this.stop?.();
  }

  private wake() {
    this.generation += 1;
    for (const done of [...this.waiters]) done();
  }

  private listen(): Promise<void> {
    // While a retry is pending, readers go on without waiting for it; its success wakes them.
    if (this.closed || this.retry) return Promise.resolve();
    this.listening ??= this.database
      .listen(
        EVENTS_CHANNEL,
        () => this.wake(),
        () => {
          this.listening = null;
          this.stop = null;
          this.missed = true;
          this.listenLater();
        },
      )
      .then(
        (stop) => {
          this.stop = stop;
          this.retryPauseMs = FIRST_RETRY_PAUSE_MS;
          if (this.missed) {
            this.missed = false;
            this.wake();
          }
        },
        () => {
          this.listening = null;
          this.missed = true;
          this.listenLater();
        },
      );
    return this.listening;
  }

  private listenLater() {
    if (this.closed || this.retry) return;
    const pause = this.retryPauseMs;
    this.retryPauseMs = Math.min(pause * 2, MAX_RETRY_PAUSE_MS);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.listen();
    }, pause);
    // A pending retry does not keep a stopping process alive.
    this.retry.unref();
  }
}
