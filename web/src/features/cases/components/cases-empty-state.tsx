import { Button } from '@carbon/react';
import { Add, FolderOpen, Search as SearchIcon } from '@carbon/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { ListLoadFailed, ListNoMatches } from '../../../components/list-states';

interface CasesEmptyStateProps {
  hasFilters: boolean;
  search: string;
  /** The list failed to load: it is empty because of the failure, not because nothing matches. */
  error: unknown;
  canCreate: boolean;
  onCreate: () => void;
  onClearFilters: () => void;
  onRetry: () => void;
}

/** What the list shows without rows: why (a failure, filters, no cases at all) and what to do. */
export function CasesEmptyState(props: CasesEmptyStateProps) {
  if (props.error) {
    return (
      <ListLoadFailed
        title="Cases could not be loaded"
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
        icon={SearchIcon}
        title="No cases match"
        description={
          props.search
            ? `No case title contains "${props.search}" with these filters. Try other words or clear the filters.`
            : 'No case matches these filters. Try others or clear them.'
        }
        onClearFilters={props.onClearFilters}
      />
    );
  }
  return (
    <EmptyState
      icon={FolderOpen}
      title="No cases yet"
      description="A case gathers what is known about a scam: its journal, evidence and identifiers. Cases you may see are listed here with their status, assignees and latest activity."
      action={
        props.canCreate && (
          <Button renderIcon={Add} onClick={props.onCreate}>
            New case
          </Button>
        )
      }
    />
  );
}
