import { Button } from '@carbon/react';
import { Add, FingerprintRecognition } from '@carbon/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { ListLoadFailed } from '../../../components/list-states';
import { useIdentifierMatches } from '../api/get-identifier-matches';

export const EMPTY_TITLE = 'No identifiers found';
export const MATCHED_ABOVE_TITLE = 'No other identifiers found';
export const EMPTY_TEXT =
  'Identifiers are the e-mail addresses, phone numbers, bank accounts, wallets and social media accounts seen in scams. Add one to start linking cases.';
export const EMPTY_FILTERED_HINT = 'Try other words or another type, or clear the filters.';
export const LOAD_FAILED_TITLE = 'Identifiers could not be loaded';

/** "No identifier matches "scam@x"." or, for a type filter alone, "No identifier of this type.". */
function filteredText(search: string) {
  return search ? `No identifier matches "${search}".` : 'No identifier of this type.';
}

/** The list is empty, but the search names identifiers on record, written differently, shown above it. */
function matchedAboveText(search: string, count: number) {
  const which = count === 1 ? 'the identifier' : 'the identifiers';
  return `Only ${which} on record above, written differently, ${count === 1 ? 'matches' : 'match'} "${search}".`;
}

interface IdentifiersEmptyStateProps {
  hasFilters: boolean;
  search: string;
  /** The list's type filter ('' for all): the matches above are of that type only. */
  type: string;
  /** The list failed to load: it is empty because of the failure, not because nothing matches. */
  hasFailed: boolean;
  /** Why it failed: the server's message is shown, as in the other lists. */
  error: unknown;
  canCreate: boolean;
  onAdd: () => void;
  onClearFilters: () => void;
  onRetry: () => void;
}

/**
 * "No identifiers found" (spec 2.3), worded for a filtered list. An unfiltered empty list offers
 * "Add your first identifier"; a filtered one offers Clear filters and Add Identifier (a search that
 * finds nothing is often the moment to record the value), since "first" would be wrong there.
 */
export function IdentifiersEmptyState(props: IdentifiersEmptyStateProps) {
  const { hasFilters, canCreate, onAdd } = props;
  // The identifiers the search names written differently, which the list route shows above the empty
  // list (`IdentifierMatchesNotice`, the same query): then the list does not say that nothing matches.
  const matchedAbove = useIdentifierMatches(props.search, props.type).data?.data.length ?? 0;
  if (props.hasFailed) {
    return (
      <ListLoadFailed
        title={LOAD_FAILED_TITLE}
        error={props.error}
        hasFilters={hasFilters}
        onRetry={props.onRetry}
        onClearFilters={props.onClearFilters}
      />
    );
  }
  const action = hasFilters ? (
    <div className="identifiers-empty__actions">
      <Button kind="tertiary" onClick={props.onClearFilters}>
        Clear filters
      </Button>
      {canCreate && (
        <Button renderIcon={Add} onClick={onAdd}>
          Add Identifier
        </Button>
      )}
    </div>
  ) : (
    canCreate && (
      <Button renderIcon={Add} onClick={onAdd}>
        Add your first identifier
      </Button>
    )
  );
  if (hasFilters && props.search && matchedAbove > 0) {
    return (
      <EmptyState
        icon={FingerprintRecognition}
        title={MATCHED_ABOVE_TITLE}
        description={matchedAboveText(props.search, matchedAbove)}
        action={action || undefined}
      />
    );
  }
  return (
    <EmptyState
      icon={FingerprintRecognition}
      title={EMPTY_TITLE}
      description={
        hasFilters ? (
          <>
            <span>{filteredText(props.search)}</span> {EMPTY_FILTERED_HINT}
          </>
        ) : (
          EMPTY_TEXT
        )
      }
      action={action || undefined}
    />
  );
}
