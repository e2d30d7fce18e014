import { index, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { originators } from './originators';
import { users } from './users';

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
    createdAt: createdAt(),
  },
  (t) => [
    index('api_keys_automation_idx').on(t.automationId),
    index('api_keys_minted_by_idx').on(t.mintedBy),
  ],
);
