import { z } from 'zod';
import { originatorSummarySchema } from '../originators';
import { reputationChangeSchema } from '../reputation';
import { responseText, text } from '../text';

/**
 * Human review of identifiers: the validators score how well-formed and plausible a value is, a
 * reviewer decides whether it is a real scam vector. Every identifier starts `pending` (awaiting
 * review); a reviewer confirms it or rejects it (a false positive: a victim's own address, a typo,
 * a value that is not the scammer's), and may send it back to the queue. A change of its value sends
 * a reviewed identifier back too, since what was reviewed is no longer what is stored.
 */
export const REVIEW_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Awaiting review',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
};

/** The longest review note. */
export const REVIEW_NOTE_MAX_LENGTH = 2000;

export const REJECT_NOTE_REQUIRED_MESSAGE = 'Say why the identifier is rejected';

export const reviewStatusSchema = z.enum(REVIEW_STATUSES, {
  message: `status must be one of ${REVIEW_STATUSES.join(', ')}`,
});

/** `POST /api/identifiers/{id}/review`. */
export const reviewDecisionBodySchema = z
  .object({
    status: reviewStatusSchema.describe('confirmed, rejected, or pending to send it back to the queue'),
    note: text({ label: 'Note', max: REVIEW_NOTE_MAX_LENGTH }).optional().describe('Why; required to reject'),
    expectedStatus: z
      .enum(REVIEW_STATUSES, { message: `expectedStatus must be one of ${REVIEW_STATUSES.join(', ')}` })
      .optional()
      .describe('The status the reviewer saw; 409 when another reviewer changed it meanwhile'),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'rejected' && !body.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: REJECT_NOTE_REQUIRED_MESSAGE });
    }
  });
export type ReviewDecisionBody = z.infer<typeof reviewDecisionBodySchema>;

export const identifierReviewSchema = z
  .object({
    status: reviewStatusSchema,
    note: responseText().nullable(),
    reviewedAt: responseText().nullable().describe('When it was last decided; null while never reviewed'),
    reviewedBy: originatorSummarySchema.nullable().describe('Who decided it last'),
  })
  .meta({ id: 'IdentifierReview' });
export type IdentifierReview = z.infer<typeof identifierReviewSchema>;

/** The answer to a decision: the review, and what it did to the reporter's reputation. */
export const reviewDecisionResultSchema = identifierReviewSchema.extend({
  reputationChange: reputationChangeSchema
    .nullable()
    .describe("What the decision changed in a community member's reputation; null when nothing changed"),
});
export type ReviewDecisionResult = z.infer<typeof reviewDecisionResultSchema>;
