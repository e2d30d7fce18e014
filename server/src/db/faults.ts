/**
 * Which errors are faults of the database or of the disk rather than of the request or of our code:
 * they answer 503 with Retry-After (plugins/errors.ts), make start-up wait (db/startup-wait.ts), and
 * make /api/ready say 503. Anything not named here stays a 500, so a bug is never hidden as an outage.
 */
export interface Fault {
  code: 'DATABASE_UNAVAILABLE' | 'STORAGE_UNAVAILABLE';
  message: string;
  retryAfterSeconds: number;
}

/** A restart of PostgreSQL or a new connection takes a second or two; the pool reconnects by itself. */
const DATABASE_RETRY_SECONDS = 2;
/** A conflict between transactions or a statement that ran out of time: trying again soon usually works. */
const BUSY_RETRY_SECONDS = 1;
/**
 * A full, failing or unwritable disk (a volume mounted read-only, a data directory the server's user
 * may not write) needs an operator; asking again every few seconds would only add load.
 */
const STORAGE_RETRY_SECONDS = 30;

const unavailable: Fault = {
  code: 'DATABASE_UNAVAILABLE',
  message: 'The database is not available at the moment; try again shortly',
  retryAfterSeconds: DATABASE_RETRY_SECONDS,
};
const busy: Fault = {
  code: 'DATABASE_UNAVAILABLE',
  message: 'The database was too busy to finish this request; try again',
  retryAfterSeconds: BUSY_RETRY_SECONDS,
};
const storage: Fault = {
  code: 'STORAGE_UNAVAILABLE',
  message:
    'The server cannot write its data at the moment (disk full, failing or not writable); try again later',
  retryAfterSeconds: STORAGE_RETRY_SECONDS,
};

/** Node's socket and file-system error codes. */
const NODE_CODES: Record<string, Fault> = {
  ECONNREFUSED: unavailable,
  ECONNRESET: unavailable,
  ECONNABORTED: unavailable,
  ETIMEDOUT: unavailable,
  EPIPE: unavailable,
  EHOSTUNREACH: unavailable,
  ENETUNREACH: unavailable,
  ENOTFOUND: unavailable,
  EAI_AGAIN: unavailable,
  ENOSPC: storage,
  EDQUOT: storage,
  EROFS: storage,
  EIO: storage,
  EACCES: storage,
  EPERM: storage,
};

/** PostgreSQL SQLSTATEs, exact. */
const SQLSTATES: Record<string, Fault> = {
  /** admin_shutdown (pg_terminate_backend, fast shutdown), crash_shutdown, cannot_connect_now (starting up). */
  '57P01': unavailable,
  '57P02': unavailable,
  '57P03': unavailable,
  /** database_dropped */
  '57P04': unavailable,
  /** query_canceled: statement_timeout, or a cancel request. */
  '57014': busy,
  /** idle_in_transaction_session_timeout: the session is gone, so is its transaction. */
  '25P03': unavailable,
  /** serialization_failure, deadlock_detected, lock_not_available: the same request again succeeds. */
  '40001': busy,
  '40P01': busy,
  '55P03': busy,
  /** disk_full; io_error (PGlite reports its file-system errors as this too). */
  '53100': storage,
  '58030': storage,
};

/** PostgreSQL SQLSTATE classes: 08 connection exception, 53 insufficient resources. */
const SQLSTATE_CLASSES: Record<string, Fault> = { '08': unavailable, '53': unavailable };

/** node-postgres and pg-pool report these with a message only. */
const MESSAGES: [RegExp, Fault][] = [
  [/^Connection terminated/, unavailable],
  [/^timeout exceeded when trying to connect$/, unavailable],
  [/^Query read timeout$/, busy],
  [/^Client has encountered a connection error and is not queryable$/, unavailable],
  [/^Cannot use a pool after calling end on the pool$/, unavailable],
  [/^PGlite is closed$/, unavailable],
];

function faultOfOne(err: { code?: unknown; message?: unknown }): Fault | undefined {
  const code = typeof err.code === 'string' ? err.code : undefined;
  if (code) {
    const known = NODE_CODES[code] ?? SQLSTATES[code];
    if (known) return known;
    if (/^[0-9A-Z]{5}$/.test(code) && SQLSTATE_CLASSES[code.slice(0, 2)])
      return SQLSTATE_CLASSES[code.slice(0, 2)];
  }
  const message = typeof err.message === 'string' ? err.message : '';
  return MESSAGES.find(([pattern]) => pattern.test(message))?.[1];
}

/**
 * The first error in `err`'s chain for which `pick` answers something: Drizzle wraps the driver's error
 * in `cause`; a failed connect to a name with several addresses is an AggregateError of one error per
 * address.
 */
export function findInErrorChain<T>(
  err: unknown,
  pick: (one: { code?: unknown; message?: unknown }) => T | undefined,
  depth = 0,
): T | undefined {
  if (!err || typeof err !== 'object' || depth > 5) return undefined;
  const own = pick(err as { code?: unknown; message?: unknown });
  if (own !== undefined) return own;
  const { cause, errors } = err as { cause?: unknown; errors?: unknown };
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const found = findInErrorChain(inner, pick, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return findInErrorChain(cause, pick, depth + 1);
}

/** The fault behind `err`, or undefined. */
export function faultOf(err: unknown): Fault | undefined {
  return findInErrorChain(err, faultOfOne);
}
