import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * `Idempotency-Key`s of creating requests (plugins/idempotency.ts), in the database so that every
 * instance behind the balancer sees the same ones. A row is claimed before the request runs and
 * holds its answer once it succeeded; rows are deleted 24 hours after they were claimed.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /**
     * Whose key, as far as what they may see (plugins/idempotency.ts `callerOf`): `user:<user id>:` or
     * `api_key:<key id>:` with a hash of the permissions held, and for a user seen through groups a hash
     * of those groups; the same key of two callers never meets.
     */
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /**
     * SHA-256 (hex) of the method, the path and the body; null while the first request runs (the key
     * is claimed before its body is hashed, and a multipart body's fingerprint is known only once the
     * whole stream went by), written with the answer.
     */
    fingerprint: text('fingerprint'),
    /** The answer's status; null while the first request is in progress. */
    status: integer('status'),
    /** The answer's headers that a replay needs (Content-Type, Location, ETag). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: text('body'),
    /**
     * Which claim holds the key: a request stores its answer (or gives the key back) only while the
     * row is still its own, never over a later request that took the key after it went stale.
     */
    claim: uuid('claim').notNull().defaultRandom(),
    /** When the request that holds the key started: the 24 hours count from here. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.caller, t.key] }),
    index('idempotency_keys_claimed_at_idx').on(t.claimedAt),
    check('idempotency_keys_key_length_check', sql`char_length(${t.key}) between 1 and 255`),
  ],
);
