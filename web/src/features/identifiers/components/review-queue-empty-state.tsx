import { Search as SearchIcon, TaskApproved } from '@carbon/icons-react';
import { REVIEW_STATUS_LABELS, type ReviewStatus } from '@scamtrail/domain/identifiers/review';
import { EmptyState } from '../../../components/empty-state';
import { ListLoadFailed, ListNoMatches } from '../../../components/list-states';

const NOTHING_DECIDED: Record<Exclude<ReviewStatus, 'pending'>, { title: string; description: string }> = {
  confirmed: {
    title: 'No confirmed identifiers',
    description: 'Identifiers a reviewer confirms as real scam vectors are listed here.',
  },
  rejected: {
    title: 'No rejected identifiers',
    description:
      'Identifiers a reviewer rejects (a victim’s own address, a typo, a value that is not the scammer’s) are listed here with the reason.',
  },
};

interface ReviewQueueEmptyStateProps {
  status: ReviewStatus;
  hasFilters: boolean;
  /** The queue failed to load: it is empty because of the failure, not because nothing matches. */
  error: unknown;
  onClearFilters: () => void;
  onRetry: () => void;
}

/** What the queue shows without rows: why (a failure, filters, nothing to review) and what to do. */
export function ReviewQueueEmptyState(props: ReviewQueueEmptyStateProps) {
  const { status } = props;
  if (props.error) {
    return (
      <ListLoadFailed
        title="The queue could not be loaded"
        error={props.error}
        hasFilters={props.hasFilters}
        onRetry={props.onRetry}
      />
    );
  }
  if (props.hasFilters) {
    return (
      <ListNoMatches
        icon={SearchIcon}
        title="No identifiers match"
        description={`No identifier with the status "${REVIEW_STATUS_LABELS[status]}" matches these filters. Try others or clear them.`}
        onClearFilters={props.onClearFilters}
      />
    );
  }
  if (status === 'pending') {
    return (
      <EmptyState
        icon={TaskApproved}
        title="Nothing awaits review"
        // Not "every identifier has been reviewed": said of a product with no identifiers at all, that misleads.
        description="No identifier is waiting for a decision. New identifiers appear here as they are recorded."
      />
    );
  }
  return <EmptyState icon={TaskApproved} {...NOTHING_DECIDED[status]} />;
}
