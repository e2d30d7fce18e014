import { Button } from '@carbon/react';
import { Add, DocumentAttachment } from '@carbon/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { ListLoadFailed, ListNoMatches } from '../../../components/list-states';

interface EvidenceEmptyStateProps {
  /** The list failed to load: it is empty because of the failure. */
  error: unknown;
  hasFilters: boolean;
  /** The list is a case's own. */
  inCase: boolean;
  onAdd?: () => void;
  onClearFilters: () => void;
  onRetry: () => void;
}

/** Why the list is empty: it failed, nothing matches the filters, or nothing was added yet. */
export function EvidenceEmptyState(props: EvidenceEmptyStateProps) {
  if (props.error) {
    return (
      <ListLoadFailed
        title="Evidence could not be loaded"
        error={props.error}
        hasFilters={props.hasFilters}
        onRetry={props.onRetry}
        onClearFilters={props.onClearFilters}
      />
    );
  }
  if (props.hasFilters) {
    return (
      <ListNoMatches
        icon={DocumentAttachment}
        title="No evidence matches"
        description="Try other words, another case, tag or kind, or clear the filters."
        onClearFilters={props.onClearFilters}
      />
    );
  }
  return (
    <EmptyState
      icon={DocumentAttachment}
      title={props.inCase ? 'No evidence in this case yet' : 'No evidence yet'}
      description="Screenshots, documents, e-mails, recordings and written statements are kept here with their hash and chain of custody."
      action={
        props.onAdd && (
          <Button renderIcon={Add} onClick={props.onAdd}>
            Add evidence
          </Button>
        )
      }
    />
  );
}
