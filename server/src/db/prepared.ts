import { DrizzleQueryError, fillPlaceholders, is } from 'drizzle-orm';
import * as drizzleUtils from 'drizzle-orm/utils';
import { NoopCache } from 'drizzle-orm/cache/core';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import type { DbOrTx } from './client';

/** Drizzle's own row mapping (exported, though not in its types); without it no query is made lean. */
const { mapResultRow } = drizzleUtils as unknown as {
  mapResultRow?: (fields: never, row: unknown[], joinsNotNullableMap?: Record<string, boolean>) => unknown;
};

/** What Drizzle's node-postgres prepared query holds (drizzle-orm/node-postgres/session.js, 0.45). */
interface NodePgQueryInternals {
  client: { query(config: object, params: unknown[]): Promise<{ rows: unknown[] }> };
  params: unknown[];
  fields?: unknown[];
  customResultMapper?: (rows: unknown[]) => unknown;
  joinsNotNullableMap?: Record<string, boolean>;
  queryConfig: { text: string };
  rawQueryConfig: { text: string };
  logger: { logQuery(text: string, params: unknown[]): void };
  cache?: unknown;
  queryMetadata?: unknown;
}

/**
 * Drizzle's `execute` of a node-postgres prepared query, the same steps without the layers that do
 * nothing in this server: the placeholders filled, the query logged to Drizzle's logger, sent with the
 * same config (named, so prepared once per connection), a failure wrapped in `DrizzleQueryError` as
 * Drizzle wraps it, the rows mapped by the query's own fields. Left out: three tracing spans (no
 * OpenTelemetry is loaded: each only calls its function, through an async wrapper) and the result
 * cache's lookup (no cache: `NoopCache`), about five promises and an `is` walk per statement, which
 * on a journal write's five prepared statements was a measurable share of the server's CPU (issue 38).
 */
async function leanExecute(this: NodePgQueryInternals, placeholderValues: Record<string, unknown> = {}) {
  const params = fillPlaceholders(this.params, placeholderValues);
  this.logger.logQuery(this.rawQueryConfig.text, params);
  const { fields, customResultMapper } = this;
  const config = fields || customResultMapper ? this.queryConfig : this.rawQueryConfig;
  let result: { rows: unknown[] };
  try {
    result = await this.client.query(config, params);
  } catch (e) {
    throw new DrizzleQueryError(config.text, params, e as Error);
  }
  if (!fields && !customResultMapper) return result;
  return customResultMapper
    ? customResultMapper(result.rows)
    : result.rows.map((row) => mapResultRow!(fields as never, row as unknown[], this.joinsNotNullableMap));
}

/**
 * `query` with `leanExecute` as its `execute` when it is a node-postgres query without a cache
 * (every query of this server); any other query (PGlite's) as it is.
 */
function lean<Q>(query: Q): Q {
  if (!(query instanceof NodePgPreparedQuery) || typeof mapResultRow !== 'function') return query;
  const internals = query as unknown as NodePgQueryInternals;
  const uncached =
    internals.cache === undefined || is(internals.cache, NoopCache) || internals.queryMetadata === undefined;
  if (uncached) Object.defineProperty(query, 'execute', { value: leanExecute, configurable: true });
  return query;
}

/**
 * A query built once per database handle and reused, for the lookups that run on nearly every request
 * (the session, the originators and tags of a page). Building a Drizzle query costs more JavaScript
 * than a fast query costs PostgreSQL, and a named prepared statement is also parsed and planned only
 * once per connection. `build` must give a query whose only inputs are `sql.placeholder`s.
 */
export function preparedPerDatabase<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const cache = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = cache.get(db);
    if (!query) {
      query = lean(build(db));
      cache.set(db, query);
    }
    return query;
  };
}

/**
 * Prepared queries built once per database handle and variant (a viewer kind, a filter), for the
 * reads of every page view; `build` must give a query whose only inputs are `sql.placeholder`s and a
 * statement name unique to the variant.
 */
export function preparedVariants<Q>(build: (db: DbOrTx, variant: string) => Q) {
  const cache = new WeakMap<DbOrTx, Map<string, Q>>();
  return (db: DbOrTx, variant: string): Q => {
    let built = cache.get(db);
    if (!built) cache.set(db, (built = new Map()));
    let query = built.get(variant);
    if (!query) built.set(variant, (query = lean(build(db, variant))));
    return query;
  };
}

/** What a Drizzle session holds on both drivers: the pool, the PGlite instance or a transaction's client. */
interface SessionWithClient {
  client: unknown;
}

/**
 * Prepared queries built once per database and variant, like `preparedVariants`, that also run
 * inside a transaction: `preparedVariants` builds again for each transaction handle (a new one per
 * transaction), which for a write's statements cost more JavaScript than PostgreSQL spent running
 * them (issue 38). The query is built on the first handle of the database (a transaction and its
 * database share their dialect); on another connection it runs as a copy that differs only in its
 * client, which both drivers' prepared queries send through, made once per connection (a pool holds
 * a few, reused by every transaction). `build` must give a query whose only inputs are
 * `sql.placeholder`s and a statement name unique to the variant.
 */
export function preparedAcrossTransactions<Q extends object>(build: (db: DbOrTx, variant: string) => Q) {
  const cache = new WeakMap<object, Map<string, WeakMap<object, Q>>>();
  return (db: DbOrTx, variant = ''): Q => {
    const { dialect } = db as unknown as { dialect: object };
    const { client } = db._.session as unknown as SessionWithClient;
    let variants = cache.get(dialect);
    if (!variants) cache.set(dialect, (variants = new Map()));
    let perClient = variants.get(variant);
    if (!perClient) variants.set(variant, (perClient = new WeakMap()));
    let query = perClient.get(client as object);
    if (!query) {
      const built = (perClient.get(BUILT) ?? build(db, variant)) as Q & SessionWithClient;
      perClient.set(BUILT, built);
      query = lean(
        built.client === client
          ? built
          : (Object.assign(Object.create(Object.getPrototypeOf(built) as object), built, { client }) as Q),
      );
      perClient.set(client as object, query);
    }
    return query;
  };
}

/** Where `preparedAcrossTransactions` keeps the query as first built. */
const BUILT = {};
