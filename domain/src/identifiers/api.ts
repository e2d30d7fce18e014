import { z } from 'zod';
import { IDENTIFIER_TYPES } from './types';
import {
  anyIdentifierDataMeta,
  identifierDataMeta,
  identifierTypeMeta,
  identifierVariantsMeta,
} from './data-schemas';
import { identifierInputSchemaWith } from './schema';
import { DISPLAY_VALUE_MAX_LENGTH } from './limits';
import { VALIDATOR_NAMES } from './validators/types';
import { identifierReviewSchema, reviewStatusSchema } from './review';
import { CASE_STATUSES } from '../case-labels';
import { EVIDENCE_KINDS } from '../evidence';
import { JOURNAL_ENTRY_TYPES } from '../journal-entry-types';
import { originatorSummarySchema } from '../originators';
import { cappedPaginated, pageQuery, paginationSchema } from '../pagination';
import {
  onBehalfOfOriginatorIdSchema,
  SEARCH_MAX_LENGTH,
  searchQuerySchema,
  uuidSchema,
} from '../schema-helpers';
import { ORIGINATOR_TYPES } from '../originator-labels';
import { tagRefSchema } from '../tags';
import { responseText, text } from '../text';
import { IDENTIFIER_LIST_SORTS } from './list-sorts';

/** Request and response shapes of `/api/identifiers`. */

export const identifierTypeSchema = z.enum(IDENTIFIER_TYPES, {
  message: `type must be one of ${IDENTIFIER_TYPES.join(', ')}`,
});

export { IDENTIFIER_LIST_SORTS, type IdentifierListSort } from './list-sorts';

export const identifierListQuerySchema = z.object({
  ...pageQuery(25, 100),
  sort: z
    .enum(IDENTIFIER_LIST_SORTS, { message: `sort must be one of ${IDENTIFIER_LIST_SORTS.join(', ')}` })
    .default('newest')
    .describe('newest: latest recorded first; most_cases: seen in the most cases the caller may see first'),
  type: identifierTypeSchema.optional().describe('Only identifiers of this type'),
  search: searchQuerySchema.describe('Case-insensitive substring of the display value'),
  tag: uuidSchema('tag').optional().describe('Only identifiers carrying this tag (a tag id)'),
});
export type IdentifierListQuery = z.infer<typeof identifierListQuerySchema>;

/** Who a report came from: as for cases, entries and evidence (`onBehalfOfOriginatorIdSchema`). */
const onBehalfOfOriginatorIdField = onBehalfOfOriginatorIdSchema;

/** A client's display value: ignored (the server computes its own), yet held to the text rules. */
const displayValueField = text({
  label: 'displayValue',
  max: DISPLAY_VALUE_MAX_LENGTH,
  trim: false,
  tooLongMessage: `displayValue must be at most ${DISPLAY_VALUE_MAX_LENGTH} characters`,
});

export const createIdentifierBodySchema = identifierInputSchemaWith({
  displayValue: displayValueField.optional().describe('Ignored: the server computes the display value'),
  onBehalfOfOriginatorId: onBehalfOfOriginatorIdField,
});
export type CreateIdentifierBody = z.infer<typeof createIdentifierBodySchema>;

/** PUT: `type` defaults to the stored one, so the domain schema runs in the service. */
export const updateIdentifierBodySchema = z.object({
  // Checked by the domain schema in the service, so a bad type gets the form's message.
  type: z
    .unknown()
    .optional()
    .meta({ ...identifierTypeMeta, description: 'The new type; the current one when omitted' }),
  data: z.unknown().meta(anyIdentifierDataMeta),
  displayValue: displayValueField.optional().describe('Ignored'),
});
export type UpdateIdentifierBody = z.infer<typeof updateIdentifierBodySchema>;

export const confidenceSchema = z.object({ score: z.number() }).nullable();

export const originatorWithProxySchema = originatorSummarySchema
  .extend({
    proxy: originatorSummarySchema.nullable().describe('Who the originator recorded it on behalf of'),
  })
  .meta({ id: 'OriginatorWithProxy' });

export const identifierSchema = z
  .object({
    id: responseText(),
    type: identifierTypeSchema,
    typeLabel: responseText().describe('"Email", "Bank Account", ...'),
    data: z.record(responseText(), z.unknown()).meta(identifierDataMeta),
    displayValue: responseText(),
    confidence: confidenceSchema.describe('Null until validated'),
    evidenceCount: z
      .number()
      .int()
      .optional()
      .describe(
        'Evidence items naming it that the caller may see; absent when the caller does not hold evidence.view',
      ),
    originator: originatorWithProxySchema.nullable(),
    createdAt: responseText(),
    updatedAt: responseText(),
  })
  .meta({ id: 'Identifier', ...identifierVariantsMeta });
export type IdentifierItem = z.infer<typeof identifierSchema>;

/** A list row: the identifier and its tags, by name. */
export const identifierListItemSchema = identifierSchema
  .extend({ tags: z.array(tagRefSchema) })
  .meta({ id: 'IdentifierListItem', ...identifierVariantsMeta });
export type IdentifierListItem = z.infer<typeof identifierListItemSchema>;

export const identifierListSchema = z.object({
  data: z.array(identifierListItemSchema),
  pagination: paginationSchema,
  totalIsEstimate: z
    .boolean()
    .describe('True when more than 10,000 match: totalItems is then an estimate (show "10,000+")'),
  totalWithMatches: z
    .number()
    .int()
    .nonnegative()
    .describe(
      'totalItems and the identifiers the search text is by normalised key however it was written ' +
        '(GET /api/identifiers/matches under the same type and tag) that the display-value search misses, ' +
        'each counted once: how many identifiers a search shows in all. totalItems without a search; ' +
        'an estimate when totalIsEstimate',
    ),
});
export type IdentifierList = z.infer<typeof identifierListSchema>;

/** `GET /api/identifiers/settings`: how this server reads identifiers, for the forms that write them. */
export const identifierSettingsSchema = z
  .object({
    defaultPhoneRegion: responseText().describe(
      'Where phone numbers written without a country code are read (ISO 3166 region, DEFAULT_PHONE_REGION)',
    ),
    defaultCallingCode: responseText().describe('That region\'s calling code, e.g. "+1"'),
  })
  .meta({ id: 'IdentifierSettings' });
export type IdentifierSettings = z.infer<typeof identifierSettingsSchema>;

/** `GET /api/identifiers/matches`: the value pasted or typed in a search. */
export const identifierMatchesQuerySchema = z.object({
  value: text({ label: 'value', max: SEARCH_MAX_LENGTH, required: true }).describe(
    'An e-mail address, phone number or wallet address, written in any way',
  ),
  type: identifierTypeSchema.optional().describe('Only identifiers of this type, as the list filters them'),
  tag: uuidSchema('tag')
    .optional()
    .describe('Only identifiers carrying this tag (a tag id), as the list filters them'),
});
export type IdentifierMatchesQuery = z.infer<typeof identifierMatchesQuerySchema>;

export const identifierMatchesSchema = z.object({
  data: z
    .array(identifierListItemSchema)
    .describe('The identifiers the value is, newest first; empty when none is on record'),
});
export type IdentifierMatches = z.infer<typeof identifierMatchesSchema>;

/** The longest text `POST /api/identifiers/extract` reads: as long as written evidence may be. */
export const EXTRACT_TEXT_MAX_LENGTH = 100_000;
/** The most candidates one text answers; the rest are left out (`isTruncated`). */
export const EXTRACT_MAX_CANDIDATES = 200;

/** `POST /api/identifiers/extract`: free text (written evidence, a pasted e-mail, imported text). */
export const extractIdentifiersBodySchema = z.object({
  text: text({ label: 'text', max: EXTRACT_TEXT_MAX_LENGTH, required: true }).describe(
    "The text to find identifiers in: a transcript, a copied message, a bank's e-mail",
  ),
});
export type ExtractIdentifiersBody = z.infer<typeof extractIdentifiersBodySchema>;

export const extractedIdentifierSchema = z
  .object({
    type: identifierTypeSchema,
    typeLabel: responseText(),
    kind: z
      .enum(['iban', 'card'])
      .nullable()
      .describe('A bank account found as an IBAN or as a payment card number; null for other types'),
    data: z
      .record(responseText(), responseText())
      .describe(
        'The data to create it with (`POST /api/identifiers` or the import); a bank account\'s bank and holder "Unknown"',
      ),
    text: responseText().describe(
      'As written in the text; a bank account masked but for its last 4 characters',
    ),
    start: z.number().int().describe('Where it starts in the text (UTF-16 offset)'),
    end: z.number().int(),
    displayValue: responseText(),
    normalizedKey: responseText().describe('Equal for two writings of the same identifier'),
    reason: responseText().describe('Why it was recognised, e.g. "An IBAN: Valid GB IBAN check digits"'),
    existing: z
      .object({ id: responseText(), displayValue: responseText() })
      .nullable()
      .describe('The identifier on record with the same type and normalised key, when there is one'),
  })
  .meta({ id: 'ExtractedIdentifier' });
export type ExtractedIdentifierCandidate = z.infer<typeof extractedIdentifierSchema>;

export const extractedIdentifiersSchema = z.object({
  data: z
    .array(extractedIdentifierSchema)
    .describe('In the order they appear in the text, each identifier once'),
  isTruncated: z.boolean().describe(`True when the text held more than ${EXTRACT_MAX_CANDIDATES}`),
});
export type ExtractedIdentifiers = z.infer<typeof extractedIdentifiersSchema>;

export const validatorResultSchema = z
  .object({
    name: z.enum(VALIDATOR_NAMES),
    label: responseText(),
    outcome: z.enum(['pass', 'fail', 'not_applicable']),
    detail: responseText(),
  })
  .meta({ id: 'ValidatorResult' });

/**
 * How many journal entries, evidence items, media files and cases the identifier detail carries: the
 * first page of each, newest first; the rest is paged under `/api/identifiers/{id}/...`.
 */
export const IDENTIFIER_DETAIL_PAGE_SIZE = 10;
/** The largest page the identifier's journal entries, evidence and cases are answered in. */
export const IDENTIFIER_RELATED_PAGE_MAX = 100;

export const identifierRelatedPageQuerySchema = z.object({
  ...pageQuery(IDENTIFIER_DETAIL_PAGE_SIZE, IDENTIFIER_RELATED_PAGE_MAX),
});
export type IdentifierRelatedPageQuery = z.infer<typeof identifierRelatedPageQuerySchema>;

export const identifierEvidenceQuerySchema = identifierRelatedPageQuerySchema.extend({
  hasFile: z
    .enum(['true', 'false'], { message: 'hasFile must be true or false' })
    .transform((value) => value === 'true')
    .optional()
    .describe("true: only items holding a file (the identifier's media); false: only those without"),
});
export type IdentifierEvidenceQuery = z.infer<typeof identifierEvidenceQuerySchema>;

/** An evidence item naming the identifier; the file fields are null when it holds no file. */
export const identifierEvidenceSchema = z
  .object({
    id: responseText(),
    title: responseText(),
    kind: z.enum(EVIDENCE_KINDS),
    createdAt: responseText(),
    fileName: responseText().nullable(),
    contentType: responseText().nullable(),
    sizeBytes: z.number().nullable(),
    sha256: responseText().nullable(),
  })
  .meta({ id: 'IdentifierEvidence' });

/** A live journal entry naming the identifier, with the ids of its evidence holding a file. */
export const identifierJournalEntrySchema = z
  .object({
    id: responseText(),
    type: z.enum(JOURNAL_ENTRY_TYPES),
    description: responseText(),
    performedAt: responseText(),
    createdAt: responseText(),
    mediaIds: z.array(responseText()),
  })
  .meta({ id: 'IdentifierJournalEntry' });

export const identifierCaseSchema = z
  .object({
    id: responseText(),
    title: responseText(),
    status: z.enum(CASE_STATUSES),
  })
  .meta({ id: 'IdentifierCase' });

/**
 * Where and how often the identifier was seen, counted only over the cases the caller may see (records
 * with no case count too): the pivot from one report to the others.
 */
export const identifierPivotSchema = z
  .object({
    caseCount: z
      .number()
      .int()
      .optional()
      .describe(
        'Cases it appears in (through live journal entries or evidence); absent when the caller does ' +
          'not hold case.view',
      ),
    journalEntryCount: z
      .number()
      .int()
      .optional()
      .describe('Live journal entries naming it; absent when the caller does not hold journal_entry.view'),
    evidenceCount: z
      .number()
      .int()
      .optional()
      .describe('Evidence items naming it; absent when the caller does not hold evidence.view'),
    firstSeenAt: responseText()
      .nullable()
      .describe('The earliest of those entries (when performed) and items (when recorded); null if none'),
    lastSeenAt: responseText().nullable().describe('The latest of them; null if none'),
    originatorCount: z
      .number()
      .int()
      .describe(
        'Distinct sources that reported it (corroboration): who recorded the identifier and each entry ' +
          'and item, or whom they recorded it on behalf of',
      ),
  })
  .meta({ id: 'IdentifierPivot' });
export type IdentifierPivot = z.infer<typeof identifierPivotSchema>;

const firstPage = (what: string, path: string) =>
  `The first ${IDENTIFIER_DETAIL_PAGE_SIZE} ${what}, newest first; \`${path}\` pages through them all`;

export const identifierDetailSchema = identifierSchema
  .extend({
    evidence: z
      .array(identifierEvidenceSchema.pick({ id: true, title: true, kind: true, createdAt: true }))
      .describe(firstPage('evidence items', 'GET /api/identifiers/{id}/evidence')),
    evidenceCount: z
      .number()
      .int()
      .optional()
      .describe(
        'Evidence items naming the identifier, of cases the caller may see or of none; absent when the ' +
          'caller does not hold evidence.view',
      ),
    media: z
      .array(
        z.object({
          id: responseText(),
          fileName: responseText(),
          contentType: responseText().nullable(),
          sizeBytes: z.number().nullable(),
          sha256: responseText().nullable(),
        }),
      )
      .describe(
        firstPage('evidence items holding a file', 'GET /api/identifiers/{id}/evidence?hasFile=true'),
      ),
    mediaCount: z
      .number()
      .int()
      .optional()
      .describe(
        'Of evidenceCount, the items holding a file; absent when the caller does not hold evidence.view',
      ),
    journalEntries: z
      .array(identifierJournalEntrySchema)
      .describe(firstPage('live journal entries', 'GET /api/identifiers/{id}/journal-entries')),
    journalEntryCount: z
      .number()
      .int()
      .optional()
      .describe(
        'Live journal entries naming the identifier, of cases the caller may see or of none; absent when ' +
          'the caller does not hold journal_entry.view',
      ),
    validation: z.array(validatorResultSchema).describe('Results of the last validation; empty before one'),
    confidenceReasons: z.array(responseText()),
    validatedAt: responseText().nullable(),
    tags: z.array(tagRefSchema),
    cases: z
      .array(identifierCaseSchema)
      .describe(
        `${firstPage('cases', 'GET /api/identifiers/{id}/cases')}: those the identifier appears in ` +
          '(through journal entries or evidence) that the caller may see',
      ),
    caseCount: z
      .number()
      .int()
      .optional()
      .describe(
        'Cases the identifier appears in that the caller may see; absent when the caller does not hold ' +
          'case.view',
      ),
    review: identifierReviewSchema.describe(
      'Whether a reviewer confirmed or rejected it (the validation queue)',
    ),
    pivot: identifierPivotSchema,
    enrichment: z
      .array(z.object({ label: responseText(), value: responseText() }).meta({ id: 'EnrichmentFact' }))
      .describe(
        "What the value tells about itself, read offline on the server (no lookup service): a phone's " +
          "country and line type, an IBAN's country, bank and branch codes, a card's scheme, a crypto " +
          "address's network and format; empty when it tells nothing",
      ),
  })
  .meta({ id: 'IdentifierDetail', ...identifierVariantsMeta });
export type IdentifierDetail = z.infer<typeof identifierDetailSchema>;

/** The most tags one identifier carries. */
export const IDENTIFIER_TAGS_MAX = 50;

/** PUT `/api/identifiers/{id}/tags`: the whole set; a repeated id counts once. */
const identifierTagIds = () =>
  z.array(uuidSchema('Each tag id')).max(IDENTIFIER_TAGS_MAX, `At most ${IDENTIFIER_TAGS_MAX} tags`);

/**
 * The whole set (`tagIds`), or what to add and take away (`addTagIds`, `removeTagIds`), which changes
 * the set as it is then, so that two people tagging an identifier at once both keep their tag.
 */
export const setIdentifierTagsBodySchema = z
  .object({
    tagIds: identifierTagIds()
      .optional()
      .describe('Ids of the tags the identifier carries after the change; [] removes them all'),
    addTagIds: identifierTagIds().optional().describe('Tags to add to those it carries'),
    removeTagIds: identifierTagIds().optional().describe('Tags to take from those it carries'),
  })
  .superRefine((body, ctx) => {
    const isChange = body.addTagIds !== undefined || body.removeTagIds !== undefined;
    if (isChange === (body.tagIds !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['tagIds'],
        message: 'Send tagIds (the whole set), or addTagIds and removeTagIds',
      });
    }
  });
export type SetIdentifierTagsBody = z.infer<typeof setIdentifierTagsBodySchema>;

export const identifierTagsSchema = z.object({
  tags: z.array(tagRefSchema).describe('The tags the identifier now carries, by name'),
  /** The identifier's version: its tags are part of it, so a change of them moves it on. */
  updatedAt: responseText().describe("The identifier's version (its ETag), moved on by a change of its tags"),
});
export type IdentifierTags = z.infer<typeof identifierTagsSchema>;

export const confidenceReportSchema = z
  .object({
    id: responseText(),
    score: z.number().nullable(),
    formatted: responseText().describe('Two decimals, or "?" when never validated'),
    reasons: z.array(responseText()),
    validatedAt: responseText().nullable(),
  })
  .meta({ id: 'ConfidenceReport' });
export type ConfidenceReport = z.infer<typeof confidenceReportSchema>;

export const validationReportSchema = confidenceReportSchema.extend({
  results: z.array(validatorResultSchema),
});

export const BULK_CONFIDENCE_MAX_IDS = 100;

export const bulkConfidenceQuerySchema = z.object({
  ids: z
    .preprocess(
      (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
      z
        .array(uuidSchema('ids'))
        .min(1, 'ids is required')
        .max(BULK_CONFIDENCE_MAX_IDS, `ids: at most ${BULK_CONFIDENCE_MAX_IDS}`),
    )
    .describe('Repeat the parameter: ?ids=a&ids=b'),
});

export const bulkConfidenceSchema = z.object({
  data: z.array(confidenceReportSchema),
  missing: z.array(responseText()).describe('Requested ids with no identifier'),
});

export { onBehalfOfOriginatorIdField };

export const REVIEW_QUEUE_SORTS = ['oldest', 'newest'] as const;
export type ReviewQueueSort = (typeof REVIEW_QUEUE_SORTS)[number];

/** `GET /api/identifiers/review-queue`. */
export const reviewQueueQuerySchema = z.object({
  ...pageQuery(25, 100),
  status: reviewStatusSchema.default('pending').describe('Which decision to list; pending by default'),
  type: identifierTypeSchema.optional().describe('Only identifiers of this type'),
  reportedBy: z
    .enum(ORIGINATOR_TYPES, { message: `reportedBy must be one of ${ORIGINATOR_TYPES.join(', ')}` })
    .optional()
    .describe('Only identifiers recorded by this kind of originator'),
  sort: z
    .enum(REVIEW_QUEUE_SORTS, { message: `sort must be one of ${REVIEW_QUEUE_SORTS.join(', ')}` })
    .default('oldest')
    .describe('By when the identifier was recorded: oldest first (the queue order) or newest first'),
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuerySchema>;

export const reviewQueueItemSchema = identifierListItemSchema
  .extend({ review: identifierReviewSchema })
  .meta({ id: 'ReviewQueueItem', ...identifierVariantsMeta });
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

/** The queue counts no further than this; beyond it the total reads "10,000+". */
export const REVIEW_QUEUE_COUNT_CAP = 10_000;

export const reviewQueueSchema = cappedPaginated(reviewQueueItemSchema, REVIEW_QUEUE_COUNT_CAP);
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;
