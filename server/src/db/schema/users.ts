import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { originators } from './originators';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: ['admin', 'investigator', 'viewer'] }).notNull(),
    disabled: boolean('disabled').notNull().default(false),
    /** The latest successful sign-in; null while the member has never signed in (invited). */
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The last event the user has seen among their notifications: later ones are unread. */
    notificationsSeenId: bigint('notifications_seen_id', { mode: 'number' }).notNull().default(0),
    originatorId: uuid('originator_id')
      .notNull()
      .references(() => originators.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_originator_idx').on(t.originatorId),
  ],
);

/** Server-side sessions. Only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * The OAuth client a device sign-in (RFC 8628, modules/oauth) gave the session to, whose access
     * token is sent as a Bearer header; null for a browser's cookie session.
     */
    clientId: text('client_id'),
    /** The permissions the session is narrowed to (a device sign-in's scope); null: all the user's. */
    permissions: text('permissions').array(),
    /**
     * When a device sign-in's access token stops being accepted (its client then uses its refresh
     * token, modules/oauth); the session itself lives on to `expiresAt`. Null: as long as the session.
     */
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed sign-in attempts, per account and client address, to throttle guessing (login-throttle.ts).
 * An attempt is recorded before its password is checked and removed if it succeeds, so attempts still
 * in flight count as failures: parallel guesses cannot all slip under the limits.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    /** The e-mail tried, trimmed and lower-cased; unknown addresses are counted like real accounts. */
    account: text('account').notNull(),
    /** The client address (an IPv6 address by its /64 network). */
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_account_time_idx').on(t.account, t.createdAt),
    index('login_failures_time_idx').on(t.createdAt),
  ],
);
