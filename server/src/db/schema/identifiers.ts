import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { originators } from './originators';

/**
 * A scam vector (e-mail, phone, bank account...). `normalizedKey` is unique per type: the same key
 * seen on two cases is how cases link. Raw `data` and `displayValue` are kept beside it.
 */
export const identifiers = pgTable(
  'identifiers',
  {
    id: id(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    displayValue: text('display_value').notNull(),
    normalizedKey: text('normalized_key').notNull(),
    /**
     * Every written form of the value, one per line (`buildSearchText`): what the searches match, so a
     * masked account is found by its full number. Written with the data; null only on rows stored
     * before the column, until start-up fills them (`fillSearchTexts`).
     */
    searchText: text('search_text'),
    /** 0..1, null until validated. */
    confidence: real('confidence'),
    /** Validator outcomes and the reasons behind the confidence. */
    validation: jsonb('validation').$type<Record<string, unknown>>(),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    /** A reviewer's decision (the validation queue): pending until confirmed or rejected. */
    reviewStatus: text('review_status').notNull().default('pending'),
    reviewNote: text('review_note'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => originators.id),
    /**
     * What the reviews of this identifier have added to its originator's reputation so far, when that
     * originator is a community member (0 otherwise): a decision adds the difference between what its
     * status is worth and this, so deciding again never counts twice.
     */
    reputationCredit: integer('reputation_credit').notNull().default(0),
    /**
     * In how many distinct cases it appears (live entries and evidence), whoever may see them: the
     * number of its `identifier_case_sightings` rows, kept by the database (migration 0030). An upper
     * bound of what any viewer counts, so "seen in most cases" reads identifiers in its order and stops
     * once no unread one can pass the page (`readMostCasesPage`).
     */
    caseCount: integer('case_count').notNull().default(0),
    originatorId: uuid('originator_id')
      .notNull()
      .references(() => originators.id),
    proxyOriginatorId: uuid('proxy_originator_id').references(() => originators.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('identifiers_type_key_idx').on(t.type, t.normalizedKey),
    index('identifiers_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('identifiers_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('identifiers_type_created_idx').on(t.type, t.createdAt.desc(), t.id.desc()),
    index('identifiers_originator_idx').on(t.originatorId),
    index('identifiers_case_count_idx')
      .on(t.caseCount.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.caseCount} > 0`),
    // The queue: one status, oldest or newest first, optionally of one type.
    index('identifiers_review_idx').on(t.reviewStatus, t.createdAt, t.id),
    index('identifiers_review_type_idx').on(t.reviewStatus, t.type, t.createdAt, t.id),
    // TAXII's objects in the order their current versions were added (taxii.repository.ts).
    index('identifiers_updated_idx').on(t.updatedAt, t.id),
    check('identifiers_review_status_check', sql`${t.reviewStatus} in ('pending', 'confirmed', 'rejected')`),
  ],
);

/**
 * Each case an identifier appears in, with how many links (live journal entries and evidence items)
 * put it there: kept by triggers on the link tables (migration 0030), so a viewer's count of visible
 * cases for one identifier is an index range of its rows, however many links it has.
 */
export const identifierCaseSightings = pgTable(
  'identifier_case_sightings',
  {
    identifierId: uuid('identifier_id')
      .notNull()
      .references(() => identifiers.id, { onDelete: 'cascade' }),
    caseId: uuid('case_id').notNull(),
    links: integer('links').notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifierId, t.caseId] })],
);
