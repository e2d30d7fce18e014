import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/**
 * Feeds of the events table that other systems read with an API key (`/api/export-streams/{id}/events`).
 * A stream keeps no reader position: each reader sends back the cursor of its last answer.
 */
export const exportStreams = pgTable(
  'export_streams',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The domain's EXPORT_TOPICS the stream carries, in their order; at least one. */
    topics: text('topics').array().notNull(),
    status: text('status').notNull().default('active'),
    /**
     * The groups whose cases the stream carries besides the cases of no group (empty: those only).
     * Group ids, not a join table: a deleted group's id stays here harmlessly (no case is in it any more)
     * and is not shown.
     */
    groupIds: uuid('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** When an API key last read its events. */
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('export_streams_name_lower_idx').on(sql`lower(${t.name})`),
    check('export_streams_status_check', sql`${t.status} in ('active', 'paused')`),
    check('export_streams_topics_check', sql`cardinality(${t.topics}) > 0`),
  ],
);
