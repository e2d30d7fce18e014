import { z } from 'zod';
import { originatorSummarySchema } from './originators';
import { paginated, pageQuery } from './pagination';
import { responseText } from './text';

export const REPUTATION_CHANGE_SOURCES = ['manual', 'review'] as const;
export type ReputationChangeSource = (typeof REPUTATION_CHANGE_SOURCES)[number];

export const REPUTATION_CHANGE_SOURCE_LABELS: Record<ReputationChangeSource, string> = {
  manual: 'Adjusted by hand',
  review: 'Review',
};

/** What a review decision did to its reporter's reputation (POST /api/identifiers/{id}/review). */
export const reputationChangeSchema = z.object({
  originator: originatorSummarySchema.describe('The community member who reported the identifier'),
  delta: z.number().int().describe('What the decision added; negative when it took away'),
  reputation: z.number().int().describe('The reputation after the change'),
});
export type ReputationChange = z.infer<typeof reputationChangeSchema>;

/** One change in a community member's reputation history, newest first. */
export const reputationHistoryEntrySchema = z
  .object({
    id: responseText(),
    at: responseText().describe('When the change was made (ISO 8601)'),
    delta: z.number().int(),
    before: z.number().int(),
    after: z.number().int(),
    reason: responseText(),
    source: z.enum(REPUTATION_CHANGE_SOURCES).describe('manual (an adjustment) or review (a decision)'),
    actor: originatorSummarySchema.nullable().describe('Who made the change or the decision'),
    identifier: z
      .object({ id: responseText(), type: responseText(), displayValue: responseText() })
      .nullable()
      .describe(
        'The reviewed identifier; null for adjustments, deleted identifiers and callers without identifier.view',
      ),
  })
  .meta({ id: 'ReputationHistoryEntry' });
export type ReputationHistoryEntry = z.infer<typeof reputationHistoryEntrySchema>;

export const reputationHistoryQuerySchema = z.object({ ...pageQuery(10, 100) });
export type ReputationHistoryQuery = z.infer<typeof reputationHistoryQuerySchema>;

export const reputationHistorySchema = paginated(reputationHistoryEntrySchema);
export type ReputationHistory = z.infer<typeof reputationHistorySchema>;
