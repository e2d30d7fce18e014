import {
  REVIEW_QUEUE_COUNT_CAP,
  type ReviewQueue,
  type ReviewQueueQuery,
} from '@scamtrail/domain/identifiers/api';
import { toPagination } from '@scamtrail/domain/pagination';
import {
  REVIEW_STATUS_LABELS,
  type IdentifierReview,
  type ReviewDecisionBody,
  type ReviewDecisionResult,
  type ReviewStatus,
} from '@scamtrail/domain/identifiers/review';
import type { OriginatorSummary } from '@scamtrail/domain/originators';
import { REVIEW_REPUTATION, REVIEW_REPUTATION_REASONS } from '@scamtrail/domain/reputation-rules';
import type { Db, DbOrTx } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { AppError } from '../../lib/errors';
import { iso } from '../../lib/schemas';
import type { Principal } from '../auth/principal';
import { recordEvent } from '../events/events.service';
import { findOriginatorSummaries } from '../originators/originators.service';
import { applyReputationChange } from '../originators/reputation.service';
import { readItems } from './identifier-list-queries';
import {
  countReviewQueue,
  findReviewQueuePage,
  saveReview,
  type ReviewQueueRow,
} from './identifier-review.repository';
import { lockIdentifierOrFail } from './identifiers.service';

type ReviewColumns = Omit<ReviewQueueRow, 'id'>;

/** The review of identifiers' rows, their reviewers named in one query. */
export async function presentReviews(
  db: DbOrTx,
  rows: readonly ReviewColumns[],
): Promise<IdentifierReview[]> {
  const reviewers = await findOriginatorSummaries(
    db,
    rows.map((row) => row.reviewedBy),
  );
  return rows.map((row) => ({
    status: row.reviewStatus as ReviewStatus,
    note: row.reviewNote,
    reviewedAt: iso(row.reviewedAt),
    reviewedBy: (row.reviewedBy && reviewers.get(row.reviewedBy)) || null,
  }));
}

/** One page of the queue: list items (as the identifier list writes them) with their reviews. */
export async function getReviewQueue(
  db: Db,
  query: ReviewQueueQuery,
  principal: Principal,
): Promise<ReviewQueue> {
  const [rows, total] = await readsTogether(db, [
    () => findReviewQueuePage(db, query),
    () => countReviewQueue(db, query, REVIEW_QUEUE_COUNT_CAP),
  ]);
  const [items, reviews] = await readsTogether(db, [
    () =>
      rows.length === 0
        ? []
        : readItems(
            db,
            rows.map((row) => row.id),
            principal,
          ),
    () => presentReviews(db, rows),
  ]);
  const itemsById = new Map(items.map((item) => [item.id, item]));
  const capped = total > REVIEW_QUEUE_COUNT_CAP;
  return {
    // An identifier deleted between the two reads is left out.
    data: rows.flatMap((row, index) => {
      const item = itemsById.get(row.id);
      return item ? [{ ...item, review: reviews[index] }] : [];
    }),
    pagination: toPagination(query.page, query.pageSize, capped ? REVIEW_QUEUE_COUNT_CAP : total),
    totalIsCapped: capped,
  };
}

/**
 * Confirms, rejects or returns an identifier to the queue, under a lock on its row so two reviewers
 * decide one after the other. With `expectedStatus`, a decision taken meanwhile by someone else is a
 * 409 rather than silently overwritten. When a community member reported the identifier, the decision
 * moves their reputation by what the new status is worth less what its reviews had already added
 * (`REVIEW_REPUTATION`). The decision, its history event and the reputation change share the
 * transaction; the identifier is locked before the reporter, as everywhere.
 */
export async function reviewIdentifier(
  db: Db,
  id: string,
  body: ReviewDecisionBody,
  principal: Principal,
): Promise<ReviewDecisionResult> {
  const { saved, reputation } = await db.transaction(async (tx) => {
    const existing = await lockIdentifierOrFail(tx, id);
    if (body.expectedStatus && existing.reviewStatus !== body.expectedStatus) {
      const current = REVIEW_STATUS_LABELS[existing.reviewStatus as ReviewStatus];
      throw new AppError(
        'CONFLICT',
        `Someone else reviewed this identifier meanwhile: it is now ${current.toLowerCase()}`,
        { status: existing.reviewStatus },
      );
    }
    const note = body.note || null;
    const credit = REVIEW_REPUTATION[body.status];
    const delta = credit - existing.reputationCredit;
    const applied =
      delta === 0
        ? undefined
        : await applyReputationChange(
            tx,
            existing.originatorId,
            {
              delta,
              reason: REVIEW_REPUTATION_REASONS[body.status],
              source: 'review',
              actorOriginatorId: principal.originatorId,
              identifierId: id,
            },
            'clamp',
          );
    const row = await saveReview(tx, id, {
      status: body.status,
      note,
      reviewedBy: principal.originatorId,
      reviewedAt: new Date(),
      // Only a community member's reputation moves; for anyone else the credit stays 0.
      reputationCredit: applied ? credit : existing.reputationCredit,
    });
    if (!row) throw AppError.notFound('Identifier');
    await recordEvent(tx, {
      type: 'identifier.reviewed',
      actorOriginatorId: principal.originatorId,
      subjectType: 'identifier',
      subjectId: id,
      data: {
        before: { status: existing.reviewStatus, note: existing.reviewNote },
        after: { status: body.status, note },
      },
    });
    return { saved: row, reputation: applied && applied.after !== applied.before ? applied : undefined };
  });
  const [[review], reporters] = await readsTogether(db, [
    () => presentReviews(db, [saved]),
    () =>
      reputation ? findOriginatorSummaries(db, [saved.originatorId]) : new Map<string, OriginatorSummary>(),
  ]);
  const reporter = reporters.get(saved.originatorId);
  return {
    ...review,
    reputationChange:
      reputation && reporter
        ? { originator: reporter, delta: reputation.after - reputation.before, reputation: reputation.after }
        : null,
  };
}
