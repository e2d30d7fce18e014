import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { groups } from './groups';
import { originators } from './originators';

/**
 * An investigation case. Investigators see the cases of their groups and cases with no group.
 * The full case lifecycle arrives with the cases issue; the table exists now because identifiers,
 * journal entries and evidence refer to it.
 */
export const cases = pgTable(
  'cases',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('open'),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    originatorId: uuid('originator_id')
      .notNull()
      .references(() => originators.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('cases_group_idx').on(t.groupId)],
);
