import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id } from './columns';
import { journalEntries } from './journal';
import { users } from './users';

/**
 * A user's WebAuthn credential (passkey): used to sign in and to sign journal entries. The public key
 * is kept as the authenticator gave it (COSE); only ES256 (COSE -7) keys are accepted.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The credential id, URL-safe base64 without padding, as browsers send it. */
    credentialId: text('credential_id').notNull().unique(),
    publicKey: bytea('public_key').notNull(),
    /** The signature counter; 0 when the authenticator keeps none (most synced passkeys). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges the server issued and has not yet seen answered. Each expires (5 minutes) and is
 * used at most once: consuming one sets `used_at` in the same statement that checks it is unset.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: id(),
    /** URL-safe base64, exactly as it appears in the answer's clientDataJSON. */
    challenge: text('challenge').notNull().unique(),
    purpose: text('purpose', { enum: ['registration', 'authentication', 'signing'] }).notNull(),
    /** Registration and signing: the user it was issued to. Sign-in: null (discoverable credentials). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Signing: the entry and the content hash (hex) the challenge commits to. */
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id, {
      onDelete: 'cascade',
    }),
    contentHash: text('content_hash'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
