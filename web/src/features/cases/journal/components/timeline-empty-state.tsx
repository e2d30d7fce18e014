import { Button } from '@carbon/react';
import { Add, Catalog, Renew, WarningAlt } from '@carbon/icons-react';
import { loadFailedText } from '../../../../components/list-states';
import { EmptyState } from '../../../../components/empty-state';

interface TimelineEmptyStateProps {
  /** The journal failed to load: it is empty because of the failure. */
  error: unknown;
  hasFilters: boolean;
  onAdd?: () => void;
  onClearFilters: () => void;
  onRetry: () => void;
}

/** Why the timeline is empty: it failed, nothing matches the filters, or nothing was recorded yet. */
export function TimelineEmptyState({
  error,
  hasFilters,
  onAdd,
  onClearFilters,
  onRetry,
}: TimelineEmptyStateProps) {
  if (error) {
    return (
      <EmptyState
        icon={WarningAlt}
        title="The journal could not be loaded"
        description={loadFailedText(error, hasFilters)}
        action={
          <Button kind="tertiary" renderIcon={Renew} onClick={onRetry}>
            Try again
          </Button>
        }
      />
    );
  }
  if (hasFilters) {
    return (
      <EmptyState
        icon={Catalog}
        title="No entries match"
        description="No entry of this case matches the search and filters. Clear them to see every entry."
        action={
          <Button kind="tertiary" onClick={onClearFilters}>
            Clear filters
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={Catalog}
      title="No journal entries yet"
      description="Record calls, e-mails, meetings and notes here as the investigation goes on."
      action={
        onAdd && (
          <Button renderIcon={Add} onClick={onAdd}>
            Add entry
          </Button>
        )
      }
    />
  );
}
