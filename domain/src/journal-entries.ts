import { z } from 'zod';
import { caseOriginatorSchema, caseRefSchema } from './cases';
import { originatorSummarySchema } from './originators';
import { cappedPaginated, pageQuery } from './pagination';
import {
  isoDateTime,
  onBehalfOfOriginatorIdSchema,
  SEARCH_MAX_LENGTH,
  searchQuerySchema,
  uuidSchema,
} from './schema-helpers';
import { responseText, text } from './text';
import { JOURNAL_ENTRY_TYPES, type JournalEntryType } from './journal-entry-types';

/** Request and response shapes of the journal-entry calls (spec 7, except signing). */

export { JOURNAL_ENTRY_TYPES, type JournalEntryType } from './journal-entry-types';

export const JOURNAL_ENTRY_TYPE_LABELS: Record<JournalEntryType, string> = {
  note: 'Note',
  call: 'Call',
  email: 'E-mail',
  meeting: 'Meeting',
  evidence_added: 'Evidence added',
  identifier_linked: 'Identifier linked',
  status_change: 'Status change',
  other: 'Other',
};

export const JOURNAL_DESCRIPTION_MAX_LENGTH = 20_000;
export const REMOVAL_REASON_MAX_LENGTH = 1000;
/** The reason `DELETE /api/journal-entries/{id}` records when the body gives none (spec 7). */
export const DEFAULT_REMOVAL_REASON = 'Entry removed by user';
export const ENTRY_LINKS_MAX = 100;

export const journalEntryTypeSchema = z.enum(JOURNAL_ENTRY_TYPES, {
  message: `type must be one of ${JOURNAL_ENTRY_TYPES.join(', ')}`,
});

const description = text({ label: 'Description', max: JOURNAL_DESCRIPTION_MAX_LENGTH, required: true });
const performedAt = isoDateTime('performedAt', 'performedAt must be an ISO 8601 date and time').describe(
  'When it happened; defaults to now',
);
const idList = (field: string) =>
  z
    .array(uuidSchema(field))
    .max(ENTRY_LINKS_MAX, `${field} holds at most ${ENTRY_LINKS_MAX} ids`)
    .transform((ids) => [...new Set(ids)]);

export const createJournalEntryBodySchema = z.object({
  type: journalEntryTypeSchema,
  description,
  performedAt: performedAt.optional(),
  caseId: uuidSchema('caseId')
    .optional()
    .describe('Usually linked afterwards with POST /cases/{caseId}/journal-entries'),
  evidence: idList('evidence').nullable().default(null).describe('Evidence ids to link, or null'),
  identifierIds: idList('identifierIds').default([]),
  onBehalfOfOriginatorId: onBehalfOfOriginatorIdSchema,
});
export type CreateJournalEntryBody = z.infer<typeof createJournalEntryBodySchema>;

export const updateJournalEntryBodySchema = z
  .object({ type: journalEntryTypeSchema, description, performedAt })
  .partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), { message: 'Nothing to update' });
export type UpdateJournalEntryBody = z.infer<typeof updateJournalEntryBodySchema>;

export const linkJournalEntryBodySchema = z.object({ journalEntryId: uuidSchema('journalEntryId') });

const reason = text({ label: 'Reason', max: REMOVAL_REASON_MAX_LENGTH });

/** DELETE body: optional, the reason defaults to "Entry removed by user". */
export const deleteJournalEntryBodySchema = z
  .object({ reason: reason.optional() })
  .optional()
  .transform((body) => ({ reason: body?.reason || DEFAULT_REMOVAL_REASON }));

export const removeJournalEntryBodySchema = z.object({
  reason: text({ label: 'Reason', max: REMOVAL_REASON_MAX_LENGTH, required: true }),
  caseId: uuidSchema('caseId').describe('The case the entry belongs to; must match it'),
});

const booleanQuery = (field: string) =>
  z
    .enum(['true', 'false'], { message: `${field} must be true or false` })
    .transform((value) => value === 'true');

export const caseJournalQuerySchema = z.object({
  ...pageQuery(25, 100),
  includeNullified: booleanQuery('includeNullified').default(false),
  type: journalEntryTypeSchema.optional(),
  hasEvidence: booleanQuery('hasEvidence').optional(),
  search: searchQuerySchema.describe('Case-insensitive substring of the description'),
});
export type CaseJournalQuery = z.infer<typeof caseJournalQuerySchema>;

export const entryEvidenceSchema = z
  .object({
    id: responseText(),
    title: responseText(),
    kind: responseText(),
    mediaType: responseText().nullable(),
    sha256: responseText().nullable(),
  })
  .meta({ id: 'JournalEntryEvidence' });
export const entryIdentifierSchema = z
  .object({
    id: responseText(),
    type: responseText(),
    displayValue: responseText(),
  })
  .meta({ id: 'JournalEntryIdentifier' });

export const journalEntrySchema = z
  .object({
    id: responseText(),
    caseId: responseText().nullable(),
    type: journalEntryTypeSchema,
    description: responseText(),
    performedAt: responseText(),
    createdAt: responseText(),
    updatedAt: responseText(),
    originator: caseOriginatorSchema.nullable(),
    /** Linked evidence items. */
    evidence: z.array(entryEvidenceSchema),
    identifierIds: z.array(responseText()),
    identifiers: z.array(entryIdentifierSchema),
    /** Ids of linked evidence that holds a file. */
    mediaIds: z.array(responseText()),
    isSigned: z.boolean(),
    signedBy: responseText().nullable(),
    isNullified: z.boolean(),
    nullifiedReason: responseText().nullable(),
    nullifiedAt: responseText().nullable(),
    nullifiedBy: responseText().nullable().describe('Display name of who removed it'),
  })
  .meta({ id: 'JournalEntry' });
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/**
 * `GET /api/journal-entries`: the journal entries of every case the caller may see whose description
 * holds `search` (case-insensitive; `%` and `_` are matched as themselves), latest performed first.
 * Removed entries and entries not yet in a case are left out.
 */
export const journalSearchQuerySchema = z.object({
  ...pageQuery(25, 100),
  search: text({ label: 'search', max: SEARCH_MAX_LENGTH, required: true }).describe(
    'Case-insensitive substring of the description',
  ),
  type: journalEntryTypeSchema.optional(),
});
export type JournalSearchQuery = z.infer<typeof journalSearchQuerySchema>;

/** The search counts no further than this; beyond it the total reads "1,000+". */
export const JOURNAL_SEARCH_COUNT_CAP = 1000;
/** How much of a description a hit carries: this many characters around the first match. */
export const JOURNAL_EXCERPT_LENGTH = 240;

export const journalEntryHitSchema = z
  .object({
    id: responseText(),
    type: journalEntryTypeSchema,
    performedAt: responseText(),
    excerpt: responseText().describe(
      `Up to ${JOURNAL_EXCERPT_LENGTH} characters of the description around the first match, with … where it is cut`,
    ),
    case: caseRefSchema,
    originator: originatorSummarySchema.nullable(),
  })
  .meta({ id: 'JournalEntryHit' });
export type JournalEntryHit = z.infer<typeof journalEntryHitSchema>;

export const journalSearchResultSchema = cappedPaginated(journalEntryHitSchema, JOURNAL_SEARCH_COUNT_CAP);
export type JournalSearchResult = z.infer<typeof journalSearchResultSchema>;
