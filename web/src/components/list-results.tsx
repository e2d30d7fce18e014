import { InlineNotification } from '@carbon/react';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-error';
import { ListPagination } from './list-pagination';

interface ListResultsProps {
  /** The list's query: a failure replaces the list with its message. */
  query: { isError: boolean; error: unknown; data?: { pagination: { totalItems: number } } };
  /** "Failed to load automations". */
  errorTitle: string;
  /** From useListState. */
  pagination: { page: number; pageSize: number; onChange: (page: number, pageSize: number) => void };
  /** The table of the current page. */
  children: ReactNode;
}

/** A server-side list's page and its pagination, or why it could not be loaded. */
export function ListResults({ query, errorTitle, pagination, children }: ListResultsProps) {
  if (query.isError) {
    return (
      <InlineNotification
        kind="error"
        lowContrast
        hideCloseButton
        title={errorTitle}
        subtitle={errorMessage(query.error, 'Please try again')}
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
