import { index, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { originators } from './originators';
import { sessions, users } from './users';

/** API keys of automations. The secret is shown once; only its SHA-256 is kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    automationId: uuid('automation_id')
      .notNull()
      .references(() => originators.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters of the key, shown to tell keys apart. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The key that minted this one (a key holding `automation.edit` makes keys for its automation), or
     * null when a person did. A minted key expires no later than its minter and is revoked with it
     * (`createApiKey`, `revokeApiKey`): a key never outlives, nor holds more than, the key it came from.
     */
    mintedBy: uuid('minted_by').references((): AnyPgColumn => apiKeys.id, { onDelete: 'set null' }),
    /**
     * The device sign-in (a session with a client, modules/oauth) whose token made this key, or whose
     * key minted it (copied from `mintedBy`'s); null for a key made in the browser. The key works only
     * while that sign-in does (`findApiKeyPrincipal`): every way a sign-in ends (revoked, idle, past its
     * expiry, its user disabled) ends its keys with it. Sessions are ended by setting `revokedAt`, their
     * rows kept; a session row deleted all the same takes its keys with it (cascade), as it takes its
     * refresh tokens: set null would turn them into keys made in the browser, working on for ever.
     */
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('api_keys_automation_idx').on(t.automationId),
    index('api_keys_minted_by_idx').on(t.mintedBy),
    index('api_keys_session_idx').on(t.sessionId),
  ],
);
