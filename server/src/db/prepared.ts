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
      query =
        built.client === client
          ? built
          : (Object.assign(Object.create(Object.getPrototypeOf(built) as object), built, { client }) as Q);
      perClient.set(client as object, query);
    }
    return query;
  };
}

/** Where `preparedAcrossTransactions` keeps the query as first built. */
const BUILT = {};
