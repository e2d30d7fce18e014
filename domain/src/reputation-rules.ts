import type { ReviewStatus } from './identifiers/review';

// Without zod: the review section of the web's first screens imports these.

/**
 * A community member's reputation follows what reviewers decide about the identifiers they reported:
 * each identifier adds what its review status is worth. A false report costs more than a true one
 * earns, so a reporter cannot make up for careless reports by volume. Deciding again adds only the
 * difference (confirmed then rejected: +5, then −15), and returning an identifier to the queue takes
 * back what its decision added. Administrators also adjust reputation by hand, with a reason.
 */
export const REVIEW_REPUTATION: Record<ReviewStatus, number> = {
  pending: 0,
  confirmed: 5,
  rejected: -10,
};

/** Why a review changed a reputation, as the reputation history says it. */
export const REVIEW_REPUTATION_REASONS: Record<ReviewStatus, string> = {
  pending: 'Reported identifier returned to the review queue',
  confirmed: 'Reported identifier confirmed',
  rejected: 'Reported identifier rejected',
};
