import { z } from 'zod';
import { originatorSummarySchema } from './originators';
import { pageQuery, paginated } from './pagination';
import {
  onBehalfOfOriginatorIdSchema,
  optionalText,
  requiredText,
  searchQuerySchema,
  uuidSchema,
} from './schema-helpers';
import { tagRefSchema } from './tags';
import { responseText, text } from './text';
import {
  CASE_NO_GROUP,
  CASE_PRIORITIES,
  CASE_RESOLUTIONS,
  CASE_SORTS,
  CASE_STATUSES,
  SCAM_TYPES,
  type CaseStatus,
} from './case-labels';

// The zod-free names and labels, kept importable from here for the server and the forms.
export {
  CASE_NO_GROUP,
  CASE_PRIORITIES,
  CASE_PRIORITY_LABELS,
  CASE_RESOLUTIONS,
  CASE_RESOLUTION_LABELS,
  CASE_SORTS,
  CASE_STATUSES,
  CASE_STATUS_LABELS,
  SCAM_TYPES,
  SCAM_TYPE_LABELS,
} from './case-labels';
export type { CasePriority, CaseResolution, CaseSort, CaseStatus, ScamType } from './case-labels';

/** Request and response shapes of `/api/cases`, shared by the server routes and the web forms. */

/**
 * The statuses a case may move to from each status. Closing needs a resolution and closure notes;
 * leaving `closed` (reopening) clears them. An archived case is read-only until it is reopened.
 */
export const CASE_STATUS_TRANSITIONS: Record<CaseStatus, readonly CaseStatus[]> = {
  open: ['in_progress', 'closed', 'archived'],
  in_progress: ['open', 'closed', 'archived'],
  closed: ['open', 'in_progress', 'archived'],
  archived: ['open'],
};

export function canMoveCase(from: CaseStatus, to: CaseStatus): boolean {
  return from === to || CASE_STATUS_TRANSITIONS[from].includes(to);
}

/** Archived cases take no new journal entries or evidence and no edits but reopening. */
export function isCaseReadOnly(status: CaseStatus): boolean {
  return status === 'archived';
}

export const CASE_TITLE_MAX_LENGTH = 200;
export const CASE_DESCRIPTION_MAX_LENGTH = 10_000;
export const CLOSURE_NOTES_MAX_LENGTH = 5000;
export const CASE_ASSIGNEES_MAX = 50;
export const CASE_TAGS_MAX = 50;
/** What a link between two cases may say about why they belong together. */
export const CASE_LINK_NOTE_MAX_LENGTH = 500;
/** Larger than any loss a case will report, small enough to stay exact in a double. */
export const REPORTED_LOSS_MAX = 1_000_000_000_000;

function enumOf<T extends readonly [string, ...string[]]>(values: T, field: string) {
  return z.enum(values, { message: `${field} must be one of ${values.join(', ')}` });
}

export const caseStatusSchema = enumOf(CASE_STATUSES, 'status');
export const casePrioritySchema = enumOf(CASE_PRIORITIES, 'priority');
export const scamTypeSchema = enumOf(SCAM_TYPES, 'scamType');
export const caseResolutionSchema = enumOf(CASE_RESOLUTIONS, 'resolution');

/** ISO 4217 codes the runtime knows (Node and browsers ship the list); three capitals as a fallback. */
function isCurrencyCode(code: string): boolean {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  if (supported) return supported('currency').includes(code);
  return /^[A-Z]{3}$/.test(code);
}

export const currencySchema = text({ label: 'Currency', max: 3, required: true })
  .transform((code) => code.toUpperCase())
  .refine(isCurrencyCode, 'Currency must be an ISO 4217 code such as USD or EUR');

export const reportedLossSchema = z.object({
  amount: z
    .number({ message: 'Reported loss must be a number' })
    .min(0, 'Reported loss must not be negative')
    .max(REPORTED_LOSS_MAX, `Reported loss must be at most ${REPORTED_LOSS_MAX}`)
    .multipleOf(0.0001, 'Reported loss has at most 4 decimal places'),
  currency: currencySchema,
});
export type ReportedLoss = z.infer<typeof reportedLossSchema>;

const idList = (field: string, max: number) =>
  z
    .array(uuidSchema(field))
    .max(max, `${field} holds at most ${max} ids`)
    .transform((ids) => [...new Set(ids)]);

const caseFields = {
  title: requiredText('Title', CASE_TITLE_MAX_LENGTH),
  description: optionalText('Description', CASE_DESCRIPTION_MAX_LENGTH),
  priority: casePrioritySchema,
  scamType: scamTypeSchema.nullable(),
  groupId: uuidSchema('groupId').nullable().describe('The group that may see the case; null: everyone'),
  assigneeIds: idList('assigneeIds', CASE_ASSIGNEES_MAX).describe('Users the case is assigned to'),
  tagIds: idList('tagIds', CASE_TAGS_MAX),
  reportedLoss: reportedLossSchema.nullable(),
};

export const createCaseBodySchema = z.object({
  title: caseFields.title,
  description: caseFields.description.default(''),
  priority: caseFields.priority.default('medium'),
  scamType: caseFields.scamType.optional(),
  groupId: caseFields.groupId.optional(),
  assigneeIds: caseFields.assigneeIds.default([]),
  tagIds: caseFields.tagIds.default([]),
  reportedLoss: caseFields.reportedLoss.optional(),
  onBehalfOfOriginatorId: onBehalfOfOriginatorIdSchema,
});
export type CreateCaseBody = z.infer<typeof createCaseBodySchema>;

const SET_CHANGE =
  'Added to or removed from the set as it is when the change is made, so that concurrent changes of ' +
  'the set do not erase each other (the whole-set field replaces it; send If-Match with it)';

/**
 * PATCH: any subset of the fields, plus a status change. Moving to `closed` needs `resolution` and
 * `closureNotes` in the same request; the service says which is missing (400 naming the field).
 */
export const updateCaseBodySchema = z
  .object({
    ...caseFields,
    status: caseStatusSchema,
    resolution: caseResolutionSchema,
    closureNotes: text({ label: 'Closure notes', max: CLOSURE_NOTES_MAX_LENGTH }),
    duplicateOfId: uuidSchema('duplicateOfId')
      .nullable()
      .describe('Closing with the resolution duplicate: the case this one repeats, which the caller may see'),
    addAssigneeIds: idList('addAssigneeIds', CASE_ASSIGNEES_MAX).describe(SET_CHANGE),
    removeAssigneeIds: idList('removeAssigneeIds', CASE_ASSIGNEES_MAX).describe(SET_CHANGE),
    addTagIds: idList('addTagIds', CASE_TAGS_MAX).describe(SET_CHANGE),
    removeTagIds: idList('removeTagIds', CASE_TAGS_MAX).describe(SET_CHANGE),
  })
  .partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), { message: 'Nothing to update' })
  .superRefine((body, ctx) => {
    for (const [whole, add, remove] of [
      ['assigneeIds', 'addAssigneeIds', 'removeAssigneeIds'],
      ['tagIds', 'addTagIds', 'removeTagIds'],
    ] as const) {
      if (body[whole] !== undefined && (body[add] !== undefined || body[remove] !== undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [whole],
          message: `Send ${whole} (the whole set) or ${add} and ${remove}, not both`,
        });
      }
    }
  });
export type UpdateCaseBody = z.infer<typeof updateCaseBodySchema>;

const GROUP_ID_MESSAGE = `groupId must be a UUID or "${CASE_NO_GROUP}"`;

export const caseListQuerySchema = z.object({
  ...pageQuery(25, 100),
  status: caseStatusSchema.optional(),
  assigneeId: uuidSchema('assigneeId').optional().describe('Only cases assigned to this user'),
  scamType: scamTypeSchema.optional(),
  priority: casePrioritySchema.optional(),
  tagId: uuidSchema('tagId').optional().describe('Only cases carrying this tag'),
  groupId: z
    .union([z.literal(CASE_NO_GROUP, { error: GROUP_ID_MESSAGE }), z.uuid({ error: GROUP_ID_MESSAGE })], {
      error: GROUP_ID_MESSAGE,
    })
    .optional()
    .describe(
      `Only cases of this group, or "${CASE_NO_GROUP}" for the cases of no group; a group whose cases the caller may not see lists nothing, as an unknown one does`,
    ),
  duplicateOfId: uuidSchema('duplicateOfId')
    .optional()
    .describe('Only cases closed as duplicates of this case'),
  search: searchQuerySchema.describe(
    'Case-insensitive substring of the title or the description, or the case number ("12" or "#12")',
  ),
  sort: enumOf(CASE_SORTS, 'sort')
    .default('updatedAt')
    .describe(
      'updatedAt is the last activity; relevance puts the cases whose title or number match the search before those matched by their description, each most recently active first (direction is ignored)',
    ),
  direction: enumOf(['asc', 'desc'] as const, 'direction').default('desc'),
});
export type CaseListQuery = z.infer<typeof caseListQuerySchema>;

export const caseUserSchema = z
  .object({
    id: responseText(),
    fullName: responseText(),
  })
  .meta({ id: 'CaseUser' });
export type CaseUser = z.infer<typeof caseUserSchema>;

export const caseOriginatorSchema = originatorSummarySchema.extend({
  proxy: originatorSummarySchema.nullable(),
});

export const caseSchema = z
  .object({
    id: responseText(),
    /** The short reference people quote: "#42". */
    number: z.number().int(),
    title: responseText(),
    description: responseText(),
    status: caseStatusSchema,
    priority: casePrioritySchema,
    scamType: scamTypeSchema.nullable(),
    reportedLoss: z.object({ amount: z.number(), currency: responseText() }).nullable(),
    resolution: caseResolutionSchema.nullable(),
    closureNotes: responseText().nullable(),
    /** Closed as a duplicate: the case it repeats; null too when the caller may not see that case. */
    duplicateOfId: responseText()
      .nullable()
      .describe('Closed as a duplicate: the case it repeats, if the caller may see it (else null)'),
    closedAt: responseText().nullable(),
    group: z.object({ id: responseText(), name: responseText() }).nullable(),
    assignees: z.array(caseUserSchema),
    tags: z.array(tagRefSchema),
    originator: caseOriginatorSchema.nullable(),
    /** Journal entries that are not nullified; absent without journal_entry.view. */
    entryCount: z
      .number()
      .int()
      .optional()
      .describe(
        'Journal entries that are not nullified; absent when the caller does not hold journal_entry.view',
      ),
    evidenceCount: z
      .number()
      .int()
      .optional()
      .describe('Evidence items in the case; absent when the caller does not hold evidence.view'),
    lastActivityAt: responseText(),
    createdAt: responseText(),
    updatedAt: responseText(),
  })
  .meta({ id: 'Case' });
export type Case = z.infer<typeof caseSchema>;

/** A case as other records name it (related cases, identifier details). */
export const caseRefSchema = z
  .object({
    id: responseText(),
    number: z.number().int(),
    title: responseText(),
    status: caseStatusSchema,
  })
  .meta({ id: 'CaseRef' });
export type CaseRef = z.infer<typeof caseRefSchema>;

/** An identifier linked through the case's journal entries (the case's Identifiers tab). */
export const caseIdentifierSchema = z
  .object({
    id: responseText(),
    type: responseText(),
    typeLabel: responseText(),
    displayValue: responseText(),
    /** Entries of this case (not nullified) that name it; absent without journal_entry.view. */
    entryCount: z
      .number()
      .int()
      .optional()
      .describe(
        'Entries of this case (not nullified) that name it; absent when the caller does not hold ' +
          'journal_entry.view',
      ),
    /** Other cases the caller may see that name it too. */
    otherCaseCount: z.number().int(),
    otherCases: z.array(caseRefSchema).describe('Up to 5 of them, most recent first'),
  })
  .meta({ id: 'CaseIdentifier' });
export type CaseIdentifier = z.infer<typeof caseIdentifierSchema>;

/** A case that shares at least one normalised identifier with this one. */
export const relatedCaseSchema = z
  .object({
    case: caseRefSchema,
    sharedCount: z.number().int(),
    shared: z
      .array(z.object({ id: responseText(), type: responseText(), displayValue: responseText() }))
      .describe('Up to 5 of the shared identifiers'),
  })
  .meta({ id: 'RelatedCase' });
export type RelatedCase = z.infer<typeof relatedCaseSchema>;

/**
 * `POST /api/cases/{id}/links`: links another case to this one, both ways, with why they belong
 * together (the same perpetrator, the same mule account, one victim's two reports...).
 */
export const createCaseLinkBodySchema = z.object({
  caseId: uuidSchema('caseId').describe('The other case, one the caller may see'),
  note: optionalText('Note', CASE_LINK_NOTE_MAX_LENGTH).default(''),
});
export type CreateCaseLinkBody = z.infer<typeof createCaseLinkBodySchema>;

export const caseLinkParamsSchema = z.object({
  id: uuidSchema('id'),
  linkedCaseId: uuidSchema('linkedCaseId'),
});

/** A case linked by hand to the one in scope, as its Linked cases panel lists it. */
export const caseLinkSchema = z
  .object({
    case: caseRefSchema,
    note: responseText(),
    linkedBy: originatorSummarySchema.nullable(),
    createdAt: responseText(),
  })
  .meta({ id: 'CaseLink' });
export type CaseLink = z.infer<typeof caseLinkSchema>;

export const caseLinkListQuerySchema = z.object({ ...pageQuery(10, 50) });
export const caseLinkListSchema = paginated(caseLinkSchema);
export type CaseLinkList = z.infer<typeof caseLinkListSchema>;

/** One row of a case's History: an audit event. */
export const auditEventSchema = z
  .object({
    id: z.number().int(),
    /** `<subject>.<what happened>`: case.created, journal_entry.nullified, evidence.linked... */
    action: responseText(),
    subjectType: responseText(),
    subjectId: responseText()
      .nullable()
      .describe('The record the event is about; null when the caller may not see it any more'),
    actor: z
      .object({
        kind: z.enum(['user', 'api_key', 'system']),
        name: responseText(),
        apiKeyId: responseText().nullable(),
      })
      .describe('Who acted: a user (by name) or an API key (its automation)'),
    // Free-form (each kind of event records its own fields); `anyOf` [anything, null] says no more.
    before: z
      .unknown()
      .nullable()
      .meta({
        anyOf: undefined,
        description:
          'Free-form: the fields before the change, or null. A record the caller may not see is named ' +
          '`{ "hidden": kind }` and what the event says of it is left out',
      }),
    after: z.unknown().nullable().meta({
      anyOf: undefined,
      description: 'Free-form: the fields after the change, as `before` names records',
    }),
    names: z
      .record(responseText(), responseText())
      .describe(
        'The names of the records `before` and `after` name by id, for those the caller may see: a case ' +
          'as "#12 Its title", evidence by its title, an entry by its type and text, an identifier by its ' +
          'value. A record the caller may not see is not here',
      ),
    createdAt: responseText(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const casePageQuerySchema = z.object({ ...pageQuery(25, 100) });

export const caseListSchema = paginated(caseSchema);

/** How many cases one bulk change may name: the largest page of the case list. */
export const BULK_CASES_MAX = 100;

/**
 * `POST /api/cases/bulk-update`: one change to several cases at once, all or none (the triage of a
 * queue: assign, set priority, tag, move or close). Each case follows the rules of its own PATCH and
 * gets its own History row; assignees and tags are added or removed, never replaced.
 */
export const bulkUpdateCasesBodySchema = z
  .object({
    ids: z
      .array(uuidSchema('ids'))
      .min(1, 'Choose at least one case')
      .max(BULK_CASES_MAX, `At most ${BULK_CASES_MAX} cases at once`)
      .transform((ids) => [...new Set(ids)])
      .describe('The cases to change, each one the caller may see'),
    priority: casePrioritySchema.optional(),
    status: caseStatusSchema.optional(),
    resolution: caseResolutionSchema.optional(),
    closureNotes: text({ label: 'Closure notes', max: CLOSURE_NOTES_MAX_LENGTH }).optional(),
    addAssigneeIds: idList('addAssigneeIds', CASE_ASSIGNEES_MAX).optional(),
    removeAssigneeIds: idList('removeAssigneeIds', CASE_ASSIGNEES_MAX).optional(),
    addTagIds: idList('addTagIds', CASE_TAGS_MAX).optional(),
    removeTagIds: idList('removeTagIds', CASE_TAGS_MAX).optional(),
  })
  .refine(({ ids: _ids, ...changes }) => Object.values(changes).some((v) => v !== undefined), {
    message: 'Nothing to change',
  });
export type BulkUpdateCasesBody = z.infer<typeof bulkUpdateCasesBodySchema>;
export const bulkUpdateCasesResultSchema = z.object({ data: z.array(caseSchema) });
export type BulkUpdateCasesResult = z.infer<typeof bulkUpdateCasesResultSchema>;

export const relatedCasesQuerySchema = z.object({ ...pageQuery(10, 50) });
export const relatedCaseListSchema = paginated(relatedCaseSchema);
export const caseIdentifierListSchema = paginated(caseIdentifierSchema);
export const auditEventListSchema = paginated(auditEventSchema);

/** GET /api/cases/assignable-users: enabled users for the assignee picker, by name. */
export const assignableUsersQuerySchema = z.object({
  ...pageQuery(25, 100),
  search: searchQuerySchema.describe('Case-insensitive substring of the full name'),
});
export type AssignableUsersQuery = z.infer<typeof assignableUsersQuerySchema>;
export const assignableUserListSchema = paginated(caseUserSchema);
