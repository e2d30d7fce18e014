import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_automation_idx').on(t.automationId)],
);
