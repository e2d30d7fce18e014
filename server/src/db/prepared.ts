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
