import { z } from 'zod';
import { CASE_TASK_SUBJECT } from './case-tasks';
import { pageQuery, paginated } from './pagination';
import { hasAllPermissions, type Permission } from './permissions';
import { nonEmptyPatch, optionalText, requiredText, uuidSchema } from './schema-helpers';
import { responseText, text } from './text';

/**
 * Export streams: named feeds of what happens in the product (the events table), read by other systems
 * (a SIEM, a threat-intelligence platform, a data warehouse) with an API key, each from where it last
 * stopped. A stream chooses the topics it carries; an administrator pauses, resumes or deletes it.
 * It carries the cases of no group and those of the groups chosen for it; never events of other cases.
 */

/** What a stream may carry, each a set of the events' subjects. */
export const EXPORT_TOPICS = [
  'cases',
  'journal',
  'evidence',
  'identifiers',
  'organisation',
  'access',
] as const;
export type ExportTopic = (typeof EXPORT_TOPICS)[number];

export const EXPORT_TOPIC_LABELS: Record<ExportTopic, string> = {
  cases: 'Cases',
  journal: 'Journal entries',
  evidence: 'Evidence',
  identifiers: 'Identifiers',
  organisation: 'Tags, groups and originators',
  access: 'Users, sessions, device sign-ins, passkeys and API keys',
};

/** The events' `subject_type` values each topic carries. */
export const EXPORT_TOPIC_SUBJECTS: Record<ExportTopic, readonly string[]> = {
  cases: ['case', CASE_TASK_SUBJECT],
  journal: ['journal_entry'],
  evidence: ['evidence'],
  identifiers: ['identifier', 'identifier_import'],
  organisation: ['tag', 'group', 'originator'],
  access: ['user', 'session', 'device_authorization', 'passkey', 'api_key'],
};

/**
 * What reading a topic's events needs: `export.view` and the view permissions of what they speak of,
 * as every other read of those records asks. A stream's reader and a webhook's keys alike get only the
 * topics whose permissions they hold now.
 */
export const EXPORT_TOPIC_PERMISSIONS: Record<ExportTopic, readonly Permission[]> = {
  cases: ['export.view', 'case.view'],
  journal: ['export.view', 'journal_entry.view'],
  evidence: ['export.view', 'evidence.view'],
  identifiers: ['export.view', 'identifier.view'],
  organisation: ['export.view', 'tag.view', 'group.view', 'originator.view'],
  access: ['export.view', 'user.view'],
};

/** The topics, of those given, whose permissions the grants hold ('*' holds them all). */
export function readableTopics(topics: readonly ExportTopic[], grants: readonly string[]): ExportTopic[] {
  return topics.filter((topic) => hasAllPermissions(grants, EXPORT_TOPIC_PERMISSIONS[topic]));
}

export const EXPORT_STREAM_STATUSES = ['active', 'paused'] as const;
export type ExportStreamStatus = (typeof EXPORT_STREAM_STATUSES)[number];
export const EXPORT_STREAM_STATUS_LABELS: Record<ExportStreamStatus, string> = {
  active: 'Active',
  paused: 'Paused',
};

export const EXPORT_STREAM_NAME_MAX_LENGTH = 100;

/** The most groups one stream may carry besides the cases of no group. */
export const EXPORT_STREAM_GROUPS_MAX = 100;

/** What every stream carries, whatever groups were chosen for it. */
export const EXPORT_STREAM_UNGROUPED_LABEL = 'Cases of no group';

/** The most events one read answers, and how many it answers when not told. */
export const EXPORT_EVENTS_PAGE_MAX = 1000;
export const EXPORT_EVENTS_PAGE_DEFAULT = 100;

/** The longest a read may wait for events when there are none yet (`wait`, in seconds). */
export const EXPORT_EVENTS_WAIT_MAX_SECONDS = 30;

export const EXPORT_STREAM_PAUSED_MESSAGE = 'This export stream is paused: an administrator must resume it';

const topicsSchema = z
  .array(z.enum(EXPORT_TOPICS, { message: `topics must be among ${EXPORT_TOPICS.join(', ')}` }), {
    error: 'topics must be a list of topics',
  })
  .min(1, 'Choose at least one topic')
  .max(EXPORT_TOPICS.length)
  .transform((topics) => EXPORT_TOPICS.filter((topic) => topics.includes(topic)));

const groupIdsSchema = z
  .array(uuidSchema('groupIds'), { error: 'groupIds must be a list of group ids' })
  .max(EXPORT_STREAM_GROUPS_MAX, `groupIds holds at most ${EXPORT_STREAM_GROUPS_MAX} groups`)
  .transform((ids) => [...new Set(ids)]);

const streamFields = {
  name: requiredText('Name', EXPORT_STREAM_NAME_MAX_LENGTH).describe('Unique, case-insensitively'),
  description: optionalText('Description'),
  topics: topicsSchema.describe('What the stream carries; at least one'),
  groupIds: groupIdsSchema.describe(
    'The groups whose cases the stream carries besides the cases of no group (empty: those only). ' +
      'Each must exist, and be one whose cases the caller may see.',
  ),
};

export const createExportStreamBodySchema = z.object({
  name: streamFields.name,
  description: streamFields.description.default(''),
  topics: streamFields.topics,
  groupIds: streamFields.groupIds.default([]),
});
/** What a client sends; `NewExportStream` is what the server reads from it. */
export type CreateExportStreamBody = z.input<typeof createExportStreamBodySchema>;
export type NewExportStream = z.output<typeof createExportStreamBodySchema>;

export const updateExportStreamBodySchema = nonEmptyPatch({
  ...streamFields,
  status: z.enum(EXPORT_STREAM_STATUSES, {
    message: `status must be one of ${EXPORT_STREAM_STATUSES.join(', ')}`,
  }),
});
export type UpdateExportStreamBody = z.input<typeof updateExportStreamBodySchema>;
export type ExportStreamChanges = z.output<typeof updateExportStreamBodySchema>;

export const exportStreamSchema = z
  .object({
    id: responseText(),
    name: responseText(),
    description: responseText(),
    topics: z.array(z.enum(EXPORT_TOPICS)),
    /**
     * The groups whose cases it carries besides the cases of no group, by name (empty: the cases of no
     * group only). Events of any other case never appear in it. Absent for a reader without
     * `group.view`, who may not read groups.
     */
    groups: z
      .array(z.object({ id: responseText(), name: responseText() }))
      .optional()
      .describe(
        'The groups whose cases it carries besides those of no group; absent for a caller without group.view',
      ),
    status: z.enum(EXPORT_STREAM_STATUSES),
    /**
     * Who created it: a user's full name, or null once that user is gone. Absent for a reader without
     * `originator.view`, who may not read team members' names.
     */
    createdBy: responseText()
      .nullable()
      .optional()
      .describe(
        "Who created it: a user's full name, null once that user is gone; absent for a caller without originator.view",
      ),
    /** When an API key last read its events (an administrator's preview does not count); null until then. */
    lastReadAt: responseText().nullable(),
    createdAt: responseText(),
    updatedAt: responseText(),
  })
  .meta({ id: 'ExportStream' });
export type ExportStream = z.infer<typeof exportStreamSchema>;

export const exportStreamListQuerySchema = z.object({ ...pageQuery(25, 100) });
export const exportStreamListSchema = paginated(exportStreamSchema);
export type ExportStreamList = z.infer<typeof exportStreamListSchema>;

/**
 * Where a reader stopped: opaque to readers, who send back the `next` of the answer before. Made of the
 * transaction and the id of the last event answered (see the events' read order on the server).
 */
export const EXPORT_CURSOR_PATTERN = /^\d{1,20}-\d{1,19}$/;
/** The largest transaction id (xid8) and event id (bigint) a cursor may name. */
const MAX_TRANSACTION = 18_446_744_073_709_551_615n;
const MAX_EVENT_ID = 9_223_372_036_854_775_807n;

function isCursor(value: string): boolean {
  if (!EXPORT_CURSOR_PATTERN.test(value)) return false;
  const [transaction, eventId] = value.split('-').map(BigInt);
  return transaction <= MAX_TRANSACTION && eventId <= MAX_EVENT_ID;
}

export const exportEventsQuerySchema = z.object({
  after: text({ label: 'after', max: 41 })
    .refine(isCursor, 'after must be the next cursor of an earlier answer')
    .optional()
    .describe('The `next` of the previous answer; left out, the stream is read from its beginning'),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${EXPORT_EVENTS_PAGE_MAX}`)
    .max(EXPORT_EVENTS_PAGE_MAX, `limit must be between 1 and ${EXPORT_EVENTS_PAGE_MAX}`)
    .default(EXPORT_EVENTS_PAGE_DEFAULT),
  wait: z.coerce
    .number({ error: 'wait must be a whole number of seconds' })
    .int('wait must be a whole number of seconds')
    .min(0, `wait must be between 0 and ${EXPORT_EVENTS_WAIT_MAX_SECONDS}`)
    .max(EXPORT_EVENTS_WAIT_MAX_SECONDS, `wait must be between 0 and ${EXPORT_EVENTS_WAIT_MAX_SECONDS}`)
    .default(0)
    .describe(
      'Seconds to wait for events when none is ready, answering as soon as one is; 0 answers at once',
    ),
});
export type ExportEventsQuery = z.infer<typeof exportEventsQuerySchema>;

export const exportEventSchema = z
  .object({
    /** The event's id: unique, and rising within a transaction; the cursor gives the read order. */
    id: responseText(),
    /** `<subject>.<what happened>`: `case.created`, `journal_entry.nullified`, `identifier.reviewed`. */
    type: responseText(),
    topic: z.enum(EXPORT_TOPICS),
    occurredAt: responseText(),
    subject: z.object({ type: responseText(), id: responseText() }),
    /** The case the event belongs to, if any: one of no group or of the stream's groups. */
    caseId: responseText().nullable(),
    actor: z.object({
      originatorId: responseText().nullable(),
      userId: responseText().nullable(),
      apiKeyId: responseText().nullable(),
    }),
    /** What the event recorded: for changes to cases, entries and evidence, `{ before, after }`. */
    data: z
      .record(responseText(), z.unknown())
      .describe('Free-form, by topic: for changes to cases, entries and evidence, `{ before, after }`'),
  })
  .meta({ id: 'ExportEvent' });
export type ExportEvent = z.infer<typeof exportEventSchema>;

export const exportEventsPageSchema = z.object({
  data: z.array(exportEventSchema),
  /**
   * Send it back as `after` to read on; the same cursor when nothing new was there. It also moves past
   * the events the stream does not carry (of cases outside its groups), so no reader waits on them.
   */
  next: responseText(),
  /**
   * More events are ready than this answer holds, or it stopped reading past events the stream does not
   * carry: read again at once. Such an answer may hold fewer than `limit` events, even none.
   */
  hasMore: z.boolean(),
});
export type ExportEventsPage = z.infer<typeof exportEventsPageSchema>;

/** The preview's read: the stream's first events, as a new reader gets them, at most this many. */
export const exportPreviewQuerySchema = exportEventsQuerySchema.pick({ limit: true });

/**
 * What the web's preview shows a person: the first events, exactly as a reader gets them, and the names
 * of their subjects the person may see. The readers' own answer (`exportEventsPageSchema`) stays as
 * documented, ids only.
 */
export const exportPreviewSchema = exportEventsPageSchema
  .extend({
    /** By subject id: "#12 Its title", an entry by its type and text, a tag or group by its name. */
    names: z
      .record(responseText(), responseText())
      .describe(
        'Names of the subjects the caller may see, by id; one they may not see, or no longer there, has none',
      ),
  })
  .meta({ id: 'ExportStreamPreview' });
export type ExportPreview = z.infer<typeof exportPreviewSchema>;
