import { Button } from '@carbon/react';
import { Add, DocumentAttachment, Renew, WarningAlt } from '@carbon/icons-react';
import { errorMessage } from '../../lib/api-error';
import { EmptyState } from '../empty-state';

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
      <EmptyState
        icon={WarningAlt}
        title="Evidence could not be loaded"
        description={`${errorMessage(props.error, 'The server did not answer.')} Your filters are kept.`}
        action={
          <Button kind="tertiary" renderIcon={Renew} onClick={props.onRetry}>
            Try again
          </Button>
        }
      />
    );
  }
  if (props.hasFilters) {
    return (
      <EmptyState
        icon={DocumentAttachment}
        title="No evidence matches"
        description="Try other words, another case, tag or kind, or clear the filters."
        action={
          <Button kind="tertiary" onClick={props.onClearFilters}>
            Clear filters
          </Button>
        }
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
