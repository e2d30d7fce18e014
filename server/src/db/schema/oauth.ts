import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { sessions, users } from './users';

/**
 * Device sign-in requests (RFC 8628, modules/oauth): a client without a browser asks for one, the user
 * approves or denies it at /auth/device, the client polls for its token. Only the SHA-256 of the device
 * code and of the user code (normalized) is stored. Approving starts the session the client's token
 * will open (so ending the user's sessions ends it before the client has even collected it); the
 * exchange moves `approved` to `exchanged` in one statement, once.
 */
export const deviceAuthorizations = pgTable(
  'device_authorizations',
  {
    id: id(),
    deviceCodeHash: text('device_code_hash').notNull().unique(),
    userCodeHash: text('user_code_hash').notNull().unique(),
    clientId: text('client_id').notNull(),
    /** The permissions asked for (`scope`); null: all the approving user's. */
    scope: text('scope').array(),
    /** The address and user agent that asked, shown to the user who decides. */
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The least time between two polls, in seconds; raised by 5 at each `slow_down`. */
    intervalSeconds: integer('interval_seconds').notNull(),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    status: text('status', { enum: ['pending', 'approved', 'denied', 'exchanged'] })
      .notNull()
      .default('pending'),
    /** The user who approved or denied it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The session approving started; the token the client collects opens it. */
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
  },
  (t) => [index('device_authorizations_expires_idx').on(t.expiresAt)],
);

/**
 * The refresh tokens of device sign-ins' sessions (RFC 6749 §6, modules/oauth), as SHA-256 hashes. A
 * refresh gives a new access token and a new refresh token and marks the one used; a used one shown
 * again means it was copied, and ends its session (OAuth 2.0 Security BCP §4.14). They go with their
 * session.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);
