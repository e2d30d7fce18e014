import type { DbOrTx } from './client';

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
      query = build(db);
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
    if (!query) built.set(variant, (query = build(db, variant)));
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
 * database share their dialect) and, given another handle, runs on that handle's own connection: a
 * copy of the prepared query that differs only in its client, which both drivers' prepared queries
 * send through. `build` must give a query whose only inputs are `sql.placeholder`s and a statement
 * name unique to the variant.
 */
export function preparedAcrossTransactions<Q extends object>(build: (db: DbOrTx, variant: string) => Q) {
  const cache = new WeakMap<object, Map<string, Q & SessionWithClient>>();
  return (db: DbOrTx, variant = ''): Q => {
    const { dialect } = db as unknown as { dialect: object };
    let built = cache.get(dialect);
    if (!built) cache.set(dialect, (built = new Map()));
    let query = built.get(variant);
    if (!query) built.set(variant, (query = build(db, variant) as Q & SessionWithClient));
    const { client } = db._.session as unknown as SessionWithClient;
    if (query.client === client) return query;
    return Object.create(query, { client: { value: client } }) as Q;
  };
}
