import { Button } from '@carbon/react';
import { Add, DataShare } from '@carbon/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { ListLoadFailed } from '../../../components/list-states';
import { errorMessage } from '../../../lib/api-error';

interface ExportStreamsEmptyStateProps {
  /** The list failed to load: it is empty because of the failure, not because there are no streams. */
  error: unknown;
  canCreate: boolean;
  onCreate: () => void;
  onRetry: () => void;
}

/** What the list shows without rows: why (a failure, or no streams yet) and what to do. */
export function ExportStreamsEmptyState({
  error,
  canCreate,
  onCreate,
  onRetry,
}: ExportStreamsEmptyStateProps) {
  if (error) {
    return (
      <ListLoadFailed
        title="Export streams could not be loaded"
        error={error}
        description={errorMessage(error, 'The server did not answer.')}
        onRetry={onRetry}
      />
    );
  }
  return (
    <EmptyState
      icon={DataShare}
      title="No export streams yet"
      description="Create a stream to feed what happens here (cases, journal entries, evidence, identifiers...) to a SIEM or a threat-intelligence platform."
      action={
        canCreate && (
          <Button renderIcon={Add} onClick={onCreate}>
            Create your first stream
          </Button>
        )
      }
    />
  );
}
