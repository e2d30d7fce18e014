import { Button, InlineNotification, Tag } from '@carbon/react';
import { useEffect, useRef, useState } from 'react';
import {
  REVIEW_NOTE_MAX_LENGTH,
  REVIEW_STATUS_LABELS,
  reviewDecisionBodySchema,
  type ReviewStatus,
} from '@scamtrail/domain/identifiers/review';
import { OriginatorBadge } from '../../../components/originator-badge/originator-badge';
import { TextArea } from '../../../components/text-fields';
import { useToast } from '../../../components/toasts/toast-context';
import { REVIEW_REPUTATION } from '@scamtrail/domain/reputation-rules';
import { useFormSubmission } from '../../../lib/use-form-submission';
import type { IdentifierDetail, ReviewDecisionResult } from '../api/identifier-types';
import { useReviewIdentifier } from '../api/review-identifier';
import { EMPTY_CELL, formatDateTime } from '../../../lib/format';
import { DetailList, DetailSection } from './detail-section';

const STATUS_TAGS: Record<ReviewStatus, 'gray' | 'green' | 'red'> = {
  pending: 'gray',
  confirmed: 'green',
  rejected: 'red',
};

/** What each decision is called while it is sent, and the toast once it is saved. */
const DECISIONS: Record<ReviewStatus, { pending: string; done: string }> = {
  confirmed: { pending: 'Confirming...', done: 'Identifier confirmed' },
  rejected: { pending: 'Rejecting...', done: 'Identifier rejected' },
  pending: { pending: 'Returning...', done: 'Identifier returned to the queue' },
};

const FIELDS = ['note'] as const;

/** "reporter42’s reputation rose by 5 to 45." */
function reputationChangeSentence(change: NonNullable<ReviewDecisionResult['reputationChange']>): string {
  const moved = change.delta > 0 ? 'rose' : 'fell';
  return `${change.originator.name}’s reputation ${moved} by ${Math.abs(change.delta)} to ${change.reputation}.`;
}

/**
 * What deciding does to the reporter's reputation, when the reporter is a community member: said
 * before the reviewer decides, since the decision changes how far their next reports are trusted.
 */
function reputationHint(detail: IdentifierDetail): string | undefined {
  if (detail.originator?.type !== 'community_member') return undefined;
  const name = detail.originator.name;
  if (detail.review.status === 'pending') {
    return `Reported by community member ${name}: confirming adds ${REVIEW_REPUTATION.confirmed} to their reputation, rejecting takes ${-REVIEW_REPUTATION.rejected}.`;
  }
  return `Returning it to the queue takes back what this decision did to ${name}’s reputation.`;
}

function ReviewStatusTag({ status }: { status: ReviewStatus }) {
  return (
    <Tag type={STATUS_TAGS[status]} size="md">
      {REVIEW_STATUS_LABELS[status]}
    </Tag>
  );
}

/**
 * A decision that could not be saved (another reviewer's, a failure). While it was sent its button was
 * disabled and let go of focus; focus then goes to the message, where a screen reader reads it.
 */
function ReviewError({ message }: { message: string }) {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) notice.current?.focus();
  }, [message]);
  return (
    <div ref={notice} tabIndex={-1}>
      <InlineNotification kind="error" lowContrast hideCloseButton title="Not saved" subtitle={message} />
    </div>
  );
}

interface DetailReviewProps {
  detail: IdentifierDetail;
  /** The user holds identifier.edit: the note and the decisions are offered. */
  canReview: boolean;
  /** A decision was saved. */
  onReviewed: () => void;
}

/**
 * Whether a reviewer confirmed the identifier as a real scam vector or rejected it, who and when, and
 * why. A reviewer decides an identifier awaiting review, or returns a decided one to the queue; the
 * status shown is sent along, so a decision taken meanwhile by someone else is not overwritten.
 */
export function DetailReview({ detail, canReview, onReviewed }: DetailReviewProps) {
  const { review } = detail;
  const [note, setNote] = useState('');
  const { errorProps, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    'The review could not be saved',
  );
  const decide = useReviewIdentifier();
  const { showToast } = useToast();

  async function send(status: ReviewStatus) {
    const input = { status, note: note.trim() ? note : undefined, expectedStatus: review.status };
    await run(reviewDecisionBodySchema.safeParse(input), async (body) => {
      const result = await decide.mutateAsync({ id: detail.id, ...body });
      const subtitle = result.reputationChange
        ? `${detail.displayValue}. ${reputationChangeSentence(result.reputationChange)}`
        : detail.displayValue;
      showToast({ kind: 'success', title: DECISIONS[status].done, subtitle });
      onReviewed();
    });
  }

  const busy = decide.isPending;
  const hint = reputationHint(detail);
  const label = (status: ReviewStatus, text: string) =>
    busy && decide.variables?.status === status ? DECISIONS[status].pending : text;

  return (
    <DetailSection id="review" title="Review">
      <DetailList
        items={[
          { label: 'Status', value: <ReviewStatusTag status={review.status} /> },
          ...(review.reviewedAt
            ? [
                {
                  label: 'Reviewed by',
                  value: review.reviewedBy ? <OriginatorBadge originator={review.reviewedBy} /> : EMPTY_CELL,
                },
                { label: 'Reviewed', value: formatDateTime(review.reviewedAt) },
              ]
            : []),
          ...(review.note ? [{ label: 'Reviewer’s note', value: review.note }] : []),
        ]}
      />
      {canReview && (
        <div ref={formRef} className="identifier-review__form">
          {formError && <ReviewError message={formError} />}
          <TextArea
            id="identifier-review-note"
            labelText="Note"
            helperText={
              review.status === 'pending'
                ? 'Required to reject: why the identifier is not a scam vector. Optional to confirm.'
                : 'Optional: why the identifier goes back to the queue.'
            }
            rows={3}
            enableCounter
            maxCount={REVIEW_NOTE_MAX_LENGTH}
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              clearError('note');
            }}
            {...errorProps('note')}
          />
          {hint && <p className="identifier-review__hint">{hint}</p>}
          <div className="identifier-detail__actions">
            {review.status === 'pending' ? (
              <>
                <Button
                  kind="danger--tertiary"
                  size="md"
                  disabled={busy}
                  onClick={() => void send('rejected')}
                >
                  {label('rejected', 'Reject')}
                </Button>
                <Button kind="primary" size="md" disabled={busy} onClick={() => void send('confirmed')}>
                  {label('confirmed', 'Confirm')}
                </Button>
              </>
            ) : (
              <Button kind="tertiary" size="md" disabled={busy} onClick={() => void send('pending')}>
                {label('pending', 'Return to queue')}
              </Button>
            )}
          </div>
        </div>
      )}
    </DetailSection>
  );
}
