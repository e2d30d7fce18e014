import type { ReactNode } from 'react';
import { ListPagination } from './list-pagination';
import { ListLoadFailed } from './list-states';

interface ListResultsProps {
  /** The list's query: a failure replaces the list with its message and a way to load it again. */
  query: {
    isError: boolean;
    error: unknown;
    data?: { pagination: { totalItems: number } };
    refetch: () => unknown;
  };
  /** "Failed to load automations". */
  errorTitle: string;
  /** Whether a filter or search is set: a failure then says they are kept. */
  hasFilters?: boolean;
  /** From useListState. */
  pagination: { page: number; pageSize: number; onChange: (page: number, pageSize: number) => void };
  /** The table of the current page. */
  children: ReactNode;
}

/**
 * Whether a list shows its loading rows: on its first load, and while other filters or another search
 * load over an empty page kept on screen, which says nothing of them ("No tags match" before the
 * answer, for seconds against a slow server). A page with rows stays while the next one loads.
 */
export function isListLoading(query: {
  isPending: boolean;
  isPlaceholderData: boolean;
  data?: { data: unknown[] };
}): boolean {
  return query.isPending || (query.isPlaceholderData && !query.data?.data.length);
}

/** A server-side list's page and its pagination, or why it could not be loaded. */
export function ListResults({ query, errorTitle, hasFilters, pagination, children }: ListResultsProps) {
  if (query.isError) {
    // As the other lists say it: the reason, and a way back without reloading the whole page.
    return (
      <ListLoadFailed
        title={errorTitle}
        error={query.error}
        hasFilters={hasFilters}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <>
      {children}
      <ListPagination {...pagination} totalItems={query.data?.pagination.totalItems ?? 0} />
    </>
  );
}
