/**
 * The identifiers API's request and response types, inferred from the server's OpenAPI zod schemas
 * (the contract) rather than copied by hand. Type-only: nothing from the server reaches the bundle.
 * When the schemas move to `domain/`, only this file changes.
 */
import type { z } from 'zod';
import type {
  identifierDetailSchema,
  identifierEvidenceSchema,
  identifierListSchema,
  identifierMatchesSchema,
  identifierSchema,
  identifierTagsSchema,
  reviewQueueItemSchema,
  reviewQueueSchema,
  validationReportSchema,
  validatorResultSchema,
} from '@scamtrail/domain/identifiers/api';
import type {
  identifierReviewSchema,
  reviewDecisionBodySchema,
  reviewDecisionResultSchema,
} from '@scamtrail/domain/identifiers/review';
import type { importResultSchema, importRowResultSchema } from '@scamtrail/domain/identifiers/import-api';

/** One identifier as lists answer it. */
export type IdentifierItem = z.output<typeof identifierSchema>;
/** `GET /api/identifiers`: a page of identifiers. */
export type IdentifierList = z.output<typeof identifierListSchema>;
/** `GET /api/identifiers/matches`: the identifiers a searched value is, however it was written. */
export type IdentifierMatches = z.output<typeof identifierMatchesSchema>;
/** `GET /api/identifiers/{id}`: one identifier with everything around it. */
export type IdentifierDetail = z.output<typeof identifierDetailSchema>;
export type IdentifierJournalEntry = IdentifierDetail['journalEntries'][number];
export type IdentifierCase = IdentifierDetail['cases'][number];
/** `GET /api/identifiers/{id}/evidence`: an item naming the identifier; file fields null without a file. */
export type IdentifierEvidence = z.output<typeof identifierEvidenceSchema>;
/** `PUT /api/identifiers/{id}/tags`: the tags the identifier carries after the change. */
export type IdentifierTags = z.output<typeof identifierTagsSchema>;
export type ValidatorResult = z.output<typeof validatorResultSchema>;
/** `POST /api/identifiers/{id}/validate`. */
export type ValidationReport = z.output<typeof validationReportSchema>;
/** An identifier's review: its status, the note, who decided it last and when. */
export type IdentifierReview = z.output<typeof identifierReviewSchema>;
/** `POST /api/identifiers/{id}/review`: the review, and what it did to a community member reporter's reputation. */
export type ReviewDecisionResult = z.output<typeof reviewDecisionResultSchema>;
/** `POST /api/identifiers/{id}/review`. */
export type ReviewDecisionBody = z.input<typeof reviewDecisionBodySchema>;
/** `GET /api/identifiers/review-queue`: a page of identifiers with their reviews. */
export type ReviewQueue = z.output<typeof reviewQueueSchema>;
export type ReviewQueueItem = z.output<typeof reviewQueueItemSchema>;
/** `POST /api/identifiers/import`. */
export type ImportResult = z.output<typeof importResultSchema>;
export type ImportRowResult = z.output<typeof importRowResultSchema>;

/** What the create and edit forms send: the type and its data fields. */
export interface IdentifierInputBody {
  type: string;
  data: Record<string, string>;
}
