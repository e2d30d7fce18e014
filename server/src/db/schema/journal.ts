import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { createdAt, id, updatedAt } from './columns';
import { evidence } from './evidence';
import { identifiers } from './identifiers';
import { originators } from './originators';

/**
 * A journal entry: something that happened in an investigation (a call, a note, evidence added...).
 * An entry is created on its own and then linked to its case (`case_id` stays null until then).
 * Entries are never deleted: removal nullifies them with a reason, who and when.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: id(),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    description: text('description').notNull().default(''),
    performedAt: timestamp('performed_at', { withTimezone: true }).notNull().defaultNow(),
    originatorId: uuid('originator_id')
      .notNull()
      .references(() => originators.id),
    proxyOriginatorId: uuid('proxy_originator_id').references(() => originators.id),
    isNullified: boolean('is_nullified').notNull().default(false),
    nullifiedReason: text('nullified_reason'),
    nullifiedAt: timestamp('nullified_at', { withTimezone: true }),
    /** Who removed it: the originator of the user or automation that acted. */
    nullifiedByOriginatorId: uuid('nullified_by_originator_id').references(() => originators.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('journal_entries_case_idx').on(t.caseId),
    // The timeline: a case's entries newest first, paged by keyset or offset.
    index('journal_entries_case_timeline_idx').on(t.caseId, t.performedAt.desc(), t.id.desc()),
    index('journal_entries_originator_idx').on(t.originatorId),
    // A case's count of live entries (case list, case header) by an index-only scan, without reading
    // the rows of a case with thousands of entries.
    index('journal_entries_case_live_idx')
      .on(t.caseId)
      .where(sql`${t.isNullified} = false`),
  ],
);

export const journalEntryIdentifiers = pgTable(
  'journal_entry_identifiers',
  {
    journalEntryId: uuid('journal_entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'cascade' }),
    identifierId: uuid('identifier_id')
      .notNull()
      .references(() => identifiers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.journalEntryId, t.identifierId] }),
    index('journal_entry_identifiers_identifier_idx').on(t.identifierId),
  ],
);

export const journalEntryEvidence = pgTable(
  'journal_entry_evidence',
  {
    journalEntryId: uuid('journal_entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'cascade' }),
    evidenceId: uuid('evidence_id')
      .notNull()
      .references(() => evidence.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.journalEntryId, t.evidenceId] }),
    index('journal_entry_evidence_evidence_idx').on(t.evidenceId),
  ],
);
