import { PGlite, type Transaction } from '@electric-sql/pglite';
import { QueryPromise } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach } from 'vitest';

/**
 * A setup file of both server projects: a test fails when a statement is sent on a connection, or in
 * a transaction, while another statement on it is still in flight (two reads of one `tx` in a
 * `Promise.all`, a statement started and awaited after another). node-postgres queues such a
 * statement (deprecated; pg 9 refuses it), PGlite's transaction waits for the first, and either way
 * the two run one after the other: the code either hides a bug or expects a parallelism it does not
 * get. Reads meant to run at once go through `readsTogether` (src/db/reads-together.ts).
 *
 * The check records the error, with the stack of the code that sent the second statement, and the
 * test's afterEach throws it, so the test that did it fails whatever the code made of the statement.
 */

/** What the guard keeps across the files a worker runs (setup files run again for every file). */
interface GuardState {
  /** Overlaps seen since the last check, first first. */
  overlaps: StatementOverlapError[];
}

export class StatementOverlapError extends Error {
  constructor(where: string, sent: unknown, inFlight: unknown) {
    super(
      `A statement was sent ${where} while another was in flight; run them one after another ` +
        `(or through readsTogether).\n  sent:      ${textOf(sent)}\n  in flight: ${textOf(inFlight)}`,
    );
    this.name = 'StatementOverlapError';
  }
}

function textOf(query: unknown): string {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text.replace(/\s+/g, ' ').slice(0, 300) : String(query);
}

/** The stack of the code that sent a statement reaches back to its caller: see `thenAfterATurn`. */
function overlap(where: string, sent: unknown, inFlight: unknown): StatementOverlapError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  try {
    return new StatementOverlapError(where, sent, inFlight);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** node-postgres: a client is busy while it has a query running or queued. */
function guardPg(state: GuardState) {
  type Internals = { _activeQuery?: unknown; _queryQueue: unknown[]; pipeline?: boolean };
  const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: typeof query }).query = function (this: pg.Client, ...args) {
    const internals = this as unknown as Internals;
    const inFlight = internals._activeQuery ?? internals._queryQueue[0];
    if (inFlight && !internals.pipeline) {
      state.overlaps.push(overlap('on a PostgreSQL connection', args[0], inFlight));
    }
    return query.apply(this, args);
  };
}

type Statement = (...args: unknown[]) => Promise<unknown>;

/** PGlite: a transaction is busy from a statement's call until its promise settles. */
function guardPglite(state: GuardState) {
  const transaction = PGlite.prototype.transaction;
  PGlite.prototype.transaction = function <T>(this: PGlite, work: (tx: Transaction) => Promise<T>) {
    return transaction.call(this, (tx: Transaction) => {
      let inFlight: unknown;
      const watched =
        (run: Statement): Statement =>
        async (...args) => {
          if (inFlight !== undefined)
            state.overlaps.push(overlap('in a PGlite transaction', args[0], inFlight));
          const mine = args[0];
          inFlight = mine;
          try {
            return await run(...args);
          } finally {
            if (inFlight === mine) inFlight = undefined;
          }
        };
      const guarded = Object.create(tx) as Transaction;
      guarded.query = watched(tx.query as Statement) as Transaction['query'];
      guarded.sql = watched(tx.sql as Statement) as Transaction['sql'];
      guarded.exec = watched(tx.exec as Statement) as Transaction['exec'];
      return work(guarded);
    }) as Promise<T>;
  } as typeof PGlite.prototype.transaction;
}

/**
 * Drizzle sends a query from `then`, which an `await` calls from a job of its own: the stack of a
 * statement sent at once ends there, without the function that awaited it. Sent one turn later, from
 * an async function, it carries the awaiting functions as `at async` frames (V8's async stack traces).
 */
function thenAfterATurn() {
  const proto = QueryPromise.prototype as unknown as {
    execute(): Promise<unknown>;
    then: QueryPromise<unknown>['then'];
  };
  proto.then = function (this: typeof proto, onFulfilled, onRejected) {
    return (async () => {
      await undefined;
      return this.execute();
    })().then(onFulfilled, onRejected);
  };
}

const KEY = Symbol.for('scamtrail.oneStatementPerConnection');
const global = globalThis as { [KEY]?: GuardState };
const state = (global[KEY] ??= (() => {
  const installed: GuardState = { overlaps: [] };
  guardPg(installed);
  guardPglite(installed);
  thenAfterATurn();
  return installed;
})());

/** The overlaps recorded since the last check, which then counts none (for the guard's own test). */
export function takeOverlaps(): StatementOverlapError[] {
  return state.overlaps.splice(0);
}

function throwFirstOverlap() {
  const [first] = takeOverlaps();
  if (first) throw first;
}

afterEach(throwFirstOverlap);
afterAll(throwFirstOverlap);
