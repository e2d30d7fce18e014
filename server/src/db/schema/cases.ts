import { sql } from 'drizzle-orm';
import { CASE_STATUSES } from '@scamtrail/domain/case-labels';
import { CASE_TASK_STATUSES } from '@scamtrail/domain/case-tasks';
import {
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  check,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { groups } from './groups';
import { originators } from './originators';
import { users } from './users';

/**
 * An investigation case. Investigators see the cases of their groups and cases with no group
 * (see `db/case-visibility.ts`). `number` is the short reference people quote ("#42").
 */
export const cases = pgTable(
  'cases',
  {
    id: id(),
    number: integer('number').generatedAlwaysAsIdentity().notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** open | in_progress | closed | archived */
    status: text('status', { enum: CASE_STATUSES }).notNull().default('open'),
    /** low | medium | high | critical */
    priority: text('priority').notNull().default('medium'),
    scamType: text('scam_type'),
    /** The reported loss in the currency's units (not minor units), with its ISO 4217 code. */
    reportedLossAmount: numeric('reported_loss_amount', { precision: 20, scale: 4 }),
    reportedLossCurrency: text('reported_loss_currency'),
    /** Set when the case is closed; cleared when it is reopened. */
    resolution: text('resolution'),
    closureNotes: text('closure_notes'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** A case closed as a duplicate: the case it repeats, where the work carries on. */
    duplicateOfId: uuid('duplicate_of_id').references((): AnyPgColumn => cases.id, { onDelete: 'set null' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    originatorId: uuid('originator_id')
      .notNull()
      .references(() => originators.id),
    proxyOriginatorId: uuid('proxy_originator_id').references(() => originators.id),
    /** The latest change to the case or its journal and evidence: what "last activity" sorts on. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cases_group_idx').on(t.groupId),
    index('cases_status_activity_idx').on(t.status, t.lastActivityAt.desc(), t.id),
    index('cases_activity_idx').on(t.lastActivityAt.desc(), t.id),
    index('cases_created_idx').on(t.createdAt.desc(), t.id),
    index('cases_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    // The list's search reads the description too (modules/cases/case-list.repository.ts).
    index('cases_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    // The duplicates of a case; few cases are one.
    index('cases_duplicate_of_idx')
      .on(t.duplicateOfId)
      .where(sql`${t.duplicateOfId} is not null`),
  ],
);

/** The users a case is assigned to. */
export const caseAssignees = pgTable(
  'case_assignees',
  {
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.caseId, t.userId] }), index('case_assignees_user_idx').on(t.userId)],
);

/**
 * Two cases linked by hand (the same perpetrator, the same mule account, one victim's two reports).
 * A link goes both ways, so it is one row with the pair in id order, whichever side made it.
 */
export const caseLinks = pgTable(
  'case_links',
  {
    caseAId: uuid('case_a_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    caseBId: uuid('case_b_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    /** Why the cases belong together; '' when nobody said. */
    note: text('note').notNull().default(''),
    /** Who linked them. */
    originatorId: uuid('originator_id').references(() => originators.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.caseAId, t.caseBId] }),
    index('case_links_b_idx').on(t.caseBId),
    check('case_links_order_check', sql`${t.caseAId} < ${t.caseBId}`),
  ],
);

/**
 * What is left to do on a case, who does it and by when (see `domain/src/case-tasks.ts`). Changes are
 * recorded in the case's History.
 */
export const caseTasks = pgTable(
  'case_tasks',
  {
    id: id(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** todo | in_progress | done | cancelled */
    status: text('status', { enum: CASE_TASK_STATUSES }).notNull().default('todo'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Set when the task is marked done; cleared when it is not done any more. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    originatorId: uuid('originator_id').references(() => originators.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('case_tasks_case_idx').on(t.caseId, t.createdAt.desc(), t.id),
    index('case_tasks_assignee_idx')
      .on(t.assigneeId)
      .where(sql`${t.assigneeId} is not null`),
  ],
);
