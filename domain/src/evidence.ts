import { z } from 'zod';
import { caseOriginatorSchema, caseRefSchema } from './cases';
import { journalEntryTypeSchema } from './journal-entries';
import { pageQuery } from './pagination';
import { onBehalfOfOriginatorIdSchema, optionalText, searchQuerySchema, uuidSchema } from './schema-helpers';
import { tagRefSchema } from './tags';
import { responseText, text } from './text';

/** Request and response shapes of `/api/evidence`. */

/** Written text, or a file whose kind follows from its sniffed media type. */
export const EVIDENCE_KINDS = ['written', 'screenshot', 'document', 'email', 'audio', 'video'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];
export const EVIDENCE_KIND_LABELS: Record<EvidenceKind, string> = {
  written: 'Written',
  screenshot: 'Screenshot',
  document: 'Document',
  email: 'E-mail',
  audio: 'Audio',
  video: 'Video',
};

/** The kind of a stored file, from the media type sniffed from its bytes. */
export function evidenceKindForMediaType(mediaType: string): Exclude<EvidenceKind, 'written'> {
  if (mediaType.startsWith('image/')) return 'screenshot';
  if (mediaType.startsWith('audio/')) return 'audio';
  if (mediaType.startsWith('video/')) return 'video';
  if (mediaType === 'message/rfc822' || mediaType === 'application/vnd.ms-outlook') return 'email';
  return 'document';
}

export const EVIDENCE_TITLE_MAX_LENGTH = 200;
/** A stored file name's length, in UTF-16 units as every text limit counts. */
export const EVIDENCE_FILE_NAME_MAX_LENGTH = 255;
export const WRITTEN_EVIDENCE_MAX_LENGTH = 100_000;
/** Upload limit when MAX_UPLOAD_MB is not set. */
export const DEFAULT_MAX_UPLOAD_MB = 25;

export const evidenceKindSchema = z.enum(EVIDENCE_KINDS, {
  message: `kind must be one of ${EVIDENCE_KINDS.join(', ')}`,
});

const tagIds = z
  .array(uuidSchema('tagIds'))
  .max(50, 'tagIds holds at most 50 ids')
  .transform((ids) => [...new Set(ids)]);

const evidenceTitle = text({ label: 'Title', max: EVIDENCE_TITLE_MAX_LENGTH });

/**
 * An uploaded file's name as stored, after the server has cleaned what the client sent: it comes from
 * the form's headers, not from a field, and passes the text schema all the same.
 */
export const evidenceFileNameSchema = text({
  label: 'File name',
  max: EVIDENCE_FILE_NAME_MAX_LENGTH,
  required: true,
});

/** JSON body: written evidence. */
/** "x is required" when the field is absent, "x must be text" when it is something else. */
const requiredTextError = (label: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${label} is required` : `${label} must be text`;

export const createWrittenEvidenceBodySchema = z.object({
  title: text({
    label: 'Title',
    max: EVIDENCE_TITLE_MAX_LENGTH,
    required: true,
    error: requiredTextError('Title'),
  }),
  body: text({
    label: 'Text',
    max: WRITTEN_EVIDENCE_MAX_LENGTH,
    required: true,
    error: requiredTextError('Text'),
  }).describe('The written evidence itself (a transcript, a statement, a copied message)'),
  description: optionalText('description').default(''),
  caseId: uuidSchema('caseId').optional(),
  tagIds: tagIds.default([]),
  onBehalfOfOriginatorId: onBehalfOfOriginatorIdSchema,
});
export type CreateWrittenEvidenceBody = z.infer<typeof createWrittenEvidenceBodySchema>;

/**
 * Multipart fields beside the `file` part. `tagIds` may repeat or be a comma-separated list; the
 * title defaults to the file name.
 */
export const uploadEvidenceFieldsSchema = z.object({
  title: evidenceTitle.optional(),
  description: optionalText('description').default(''),
  caseId: uuidSchema('caseId').optional(),
  tagIds: tagIds.default([]),
  onBehalfOfOriginatorId: onBehalfOfOriginatorIdSchema,
});
export type UploadEvidenceFields = z.infer<typeof uploadEvidenceFieldsSchema>;

export const updateEvidenceBodySchema = z
  .object({
    title: text({ label: 'Title', max: EVIDENCE_TITLE_MAX_LENGTH, required: true }),
    description: optionalText('description'),
    caseId: uuidSchema('caseId').nullable(),
    tagIds,
  })
  .partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), { message: 'Nothing to update' });
export type UpdateEvidenceBody = z.infer<typeof updateEvidenceBodySchema>;

export const evidenceListQuerySchema = z.object({
  ...pageQuery(25, 100),
  caseId: uuidSchema('caseId').optional(),
  tagId: uuidSchema('tagId').optional(),
  kind: evidenceKindSchema.optional(),
  search: searchQuerySchema.describe(
    'Case-insensitive substring of the title, the file name or the text of written evidence',
  ),
});
export type EvidenceListQuery = z.infer<typeof evidenceListQuerySchema>;

export const evidenceSchema = z
  .object({
    id: responseText(),
    kind: evidenceKindSchema,
    title: responseText(),
    description: responseText(),
    /** Written evidence only. */
    body: responseText().nullable(),
    fileName: responseText().nullable(),
    /** Sniffed from the bytes; null for written evidence. */
    mediaType: responseText().nullable(),
    size: z.number().int().nullable(),
    sha256: responseText().nullable(),
    case: caseRefSchema
      .nullable()
      .optional()
      .describe('Null while the item is not in a case; absent when the caller does not hold case.view'),
    tags: z.array(tagRefSchema),
    originator: caseOriginatorSchema.nullable(),
    journalEntryCount: z
      .number()
      .int()
      .optional()
      .describe('Absent when the caller does not hold journal_entry.view'),
    identifierCount: z
      .number()
      .int()
      .optional()
      .describe('Absent when the caller does not hold identifier.view'),
    createdAt: responseText(),
    updatedAt: responseText(),
  })
  .meta({ id: 'Evidence' });
export type Evidence = z.infer<typeof evidenceSchema>;

export const CUSTODY_ACTIONS = [
  'added',
  'viewed',
  'downloaded',
  'linked',
  'unlinked',
  'verified',
  'edited',
  /** Put in a case dossier (modules/dossier): `{ dossierSha256, caseId }`. */
  'exported',
] as const;
export type CustodyAction = (typeof CUSTODY_ACTIONS)[number];

export const custodyEventSchema = z
  .object({
    id: z.number().int(),
    action: z.enum(CUSTODY_ACTIONS),
    actor: z.object({ kind: z.enum(['user', 'api_key', 'system']), name: responseText() }),
    detail: z
      .record(responseText(), z.unknown())
      .describe(
        'What the action touched. A case or journal entry the caller may not see is named ' +
          '`{ "hidden": kind }` in place of its id',
      ),
    names: z
      .record(responseText(), responseText())
      .describe(
        'The names of the records `detail` names by id, for those the caller may see, as a History ' +
          'event names them: a case as "#12 Its title", a journal entry by its type and text, an ' +
          'identifier by its value. A record the caller may not see, or one no longer found, is not here',
      ),
    entryCases: z
      .record(responseText(), caseRefSchema)
      .describe(
        "The case of each journal entry `detail` names that the caller may see, by the entry's id: " +
          'where the entry is read. Not here for an entry in no case, nor for a caller without case.view',
      ),
    createdAt: responseText(),
  })
  .meta({ id: 'CustodyEvent' });
export type CustodyEvent = z.infer<typeof custodyEventSchema>;

export const verifyEvidenceResponseSchema = z.object({
  sha256: responseText()
    .nullable()
    .describe('The hash of the bytes as stored now; null when the stored bytes are missing'),
  matches: z.boolean().describe('Whether it equals the hash recorded at upload (false when missing)'),
});
export type VerifyEvidenceResponse = z.infer<typeof verifyEvidenceResponseSchema>;

/**
 * Raster images the UI may show inline (an <img> of `.../content?disposition=inline`). Never SVG,
 * which can carry script; every other type is only ever served as an attachment.
 */
export const INLINE_PREVIEW_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export function canPreviewInline(mediaType: string | null | undefined): boolean {
  return (INLINE_PREVIEW_MEDIA_TYPES as readonly string[]).includes(mediaType ?? '');
}

export const evidenceContentQuerySchema = z.object({
  disposition: z
    .enum(['attachment', 'inline'], { message: 'disposition must be attachment or inline' })
    .default('attachment')
    .describe('inline only for PNG, JPEG, GIF and WebP images (a preview); everything else downloads'),
});
export type EvidenceContentQuery = z.infer<typeof evidenceContentQuerySchema>;

export const evidencePageQuerySchema = z.object({ ...pageQuery(25, 100) });

/** An identifier linked to an evidence item (`GET /api/evidence/{id}/identifiers`). */
export const evidenceIdentifierSchema = z
  .object({
    id: responseText(),
    type: responseText(),
    typeLabel: responseText().describe('"Email", "Bank Account", ...'),
    displayValue: responseText(),
    linkedAt: responseText(),
  })
  .meta({ id: 'EvidenceIdentifier' });
export type EvidenceIdentifier = z.infer<typeof evidenceIdentifierSchema>;

/** How much of an entry's description `summary` holds. */
export const EVIDENCE_ENTRY_SUMMARY_MAX_LENGTH = 200;

/**
 * A journal entry that links an evidence item (`GET /api/evidence/{id}/journal-entries`): entries not
 * removed, of cases the caller may see or of no case yet.
 */
export const evidenceJournalEntrySchema = z
  .object({
    id: responseText(),
    type: journalEntryTypeSchema,
    performedAt: responseText(),
    summary: responseText().describe(
      `The first line of the description, at most ${EVIDENCE_ENTRY_SUMMARY_MAX_LENGTH} characters`,
    ),
    case: caseRefSchema
      .nullable()
      .optional()
      .describe(
        'Null while the entry is not linked to a case; absent when the caller does not hold case.view',
      ),
  })
  .meta({ id: 'EvidenceJournalEntry' });
export type EvidenceJournalEntry = z.infer<typeof evidenceJournalEntrySchema>;
