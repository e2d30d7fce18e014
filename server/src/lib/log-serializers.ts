import { stdSerializers } from 'pino';

/** A failed query as Drizzle reports it: its statement and the values bound to it. */
interface FailedQuery extends Error {
  query: string;
  params: unknown[];
}

const isFailedQuery = (err: Error): err is FailedQuery =>
  typeof (err as Partial<FailedQuery>).query === 'string' &&
  Array.isArray((err as Partial<FailedQuery>).params);

/**
 * The error as the log may hold it: a failed query's statement without the values bound to it, here
 * and in its causes. Those values are the request's data (a session token's hash, a password's hash,
 * an entry's text, an e-mail address), and an outage of the database would otherwise write them to the
 * log once for every request it fails. The statement and the driver's code and message still say what
 * failed.
 */
export function withoutQueryValues(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 8) return err;
  const cause = 'cause' in err ? withoutQueryValues(err.cause, depth + 1) : undefined;
  if (!isFailedQuery(err)) {
    if (cause === err.cause) return err;
    return Object.assign(Object.create(Object.getPrototypeOf(err) as object) as Error, err, {
      message: err.message,
      stack: err.stack,
      cause,
    });
  }
  const message = `Failed query: ${err.query}\nparams: ${err.params.length} values, not logged`;
  const stack = err.stack?.includes(err.message) ? err.stack.replace(err.message, message) : err.stack;
  const copy = Object.assign(Object.create(Object.getPrototypeOf(err) as object) as Error, err, {
    message,
    stack,
    cause,
  });
  delete (copy as Partial<FailedQuery>).params;
  return copy;
}

/** The app's log serializers: pino's standard error form, of the error without its query's values. */
export const logSerializers = {
  err: (err: unknown) => stdSerializers.err(withoutQueryValues(err) as Error),
};

/** Fastify's logger option with the app's serializers (`false` stays false). */
export function loggerOptions(logger: boolean | object | undefined, level: string): boolean | object {
  if (logger === false) return false;
  const options = typeof logger === 'object' ? logger : { level };
  return {
    ...options,
    serializers: { ...logSerializers, ...(options as { serializers?: object }).serializers },
  };
}
