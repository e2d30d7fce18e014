import { Button, InlineNotification } from '@carbon/react';
import { Renew } from '@carbon/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-error';
import { ListPagination } from './list-pagination';
import './list-results.scss';

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
  /** From useListState. */
  pagination: { page: number; pageSize: number; onChange: (page: number, pageSize: number) => void };
  /** The table of the current page. */
  children: ReactNode;
}

/** A server-side list's page and its pagination, or why it could not be loaded. */
export function ListResults({ query, errorTitle, pagination, children }: ListResultsProps) {
  if (query.isError) {
    return (
      <div className="list-results__failed">
        <InlineNotification
          kind="error"
          lowContrast
          hideCloseButton
          title={errorTitle}
          subtitle={errorMessage(query.error, 'Please try again')}
        />
        {/* Without it, the only way back to the list was to reload the whole page. */}
        <Button kind="tertiary" renderIcon={Renew} onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <>
      {children}
      <ListPagination {...pagination} totalItems={query.data?.pagination.totalItems ?? 0} />
    </>
  );
}
