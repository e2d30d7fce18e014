import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ReviewQueueQuery } from '@scamtrail/domain/identifiers/api';
import type { ReviewStatus } from '@scamtrail/domain/identifiers/review';
import type { DbOrTx } from '../../db/client';
import { identifiers } from '../../db/schema/index';
import { identifierColumns, type IdentifierRow } from './identifiers.repository';

/** The review columns of a queue row, beside its id. */
export interface ReviewQueueRow {
  id: string;
  reviewStatus: string;
  reviewNote: string | null;
  reviewedAt: Date | null;
  reviewedBy: string | null;
}

export function queueCondition(query: Pick<ReviewQueueQuery, 'status' | 'type' | 'reportedBy'>): SQL {
  const conditions: SQL[] = [eq(identifiers.reviewStatus, query.status)];
  if (query.type) conditions.push(eq(identifiers.type, query.type));
  if (query.reportedBy) {
    // Spelled out: Drizzle leaves columns unqualified in a single-table select, and here two tables
    // are in scope.
    conditions.push(
      sql`exists (select 1 from originators o where o.id = identifiers.originator_id and o.type = ${query.reportedBy})`,
    );
  }
  return and(...conditions)!;
}

/** What a row of the queue is read as: its page's and its CSV download's columns. */
export const reviewQueueColumns = {
  id: identifiers.id,
  reviewStatus: identifiers.reviewStatus,
  reviewNote: identifiers.reviewNote,
  reviewedAt: identifiers.reviewedAt,
  reviewedBy: identifiers.reviewedBy,
};

/**
 * One page of the queue, by when the identifiers were recorded (id breaks ties), read in order off the
 * status index (`identifiers_review_idx`, or `identifiers_review_type_idx` with a type).
 */
export function reviewQueuePageQuery(db: DbOrTx, query: ReviewQueueQuery) {
  const order = query.sort === 'newest' ? desc : asc;
  return db
    .select(reviewQueueColumns)
    .from(identifiers)
    .where(queueCondition(query))
    .orderBy(order(identifiers.createdAt), order(identifiers.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

export async function findReviewQueuePage(db: DbOrTx, query: ReviewQueueQuery): Promise<ReviewQueueRow[]> {
  return reviewQueuePageQuery(db, query);
}

/** How many the queue holds, counting no further than `cap + 1`. */
export async function countReviewQueue(db: DbOrTx, query: ReviewQueueQuery, cap: number): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(identifiers)
    .where(queueCondition(query))
    .limit(cap + 1)
    .as('capped');
  const [{ n }] = await db.select({ n: count() }).from(capped);
  return n;
}

/** Records a decision; answers the row as it now is. Call with the row locked. */
export async function saveReview(
  db: DbOrTx,
  id: string,
  review: {
    status: ReviewStatus;
    note: string | null;
    reviewedBy: string;
    reviewedAt: Date;
    reputationCredit: number;
  },
): Promise<IdentifierRow | undefined> {
  const [row] = await db
    .update(identifiers)
    .set({
      reviewStatus: review.status,
      reviewNote: review.note,
      reviewedAt: review.reviewedAt,
      reviewedBy: review.reviewedBy,
      reputationCredit: review.reputationCredit,
    })
    .where(eq(identifiers.id, id))
    .returning(identifierColumns);
  return row;
}
