import { Security } from '@carbon/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SecurityEventList } from '@scamtrail/domain/security-events';
import { errorMessage } from '../../lib/api-error';
import { EMPTY_CELL, formatDateTime } from '../../lib/format';
import { AppDataTable } from '../data-table/app-data-table';
import type { TableColumn } from '../data-table/data-table-types';
import { EmptyState } from '../empty-state';
import { ListLoadFailed } from '../list-states';
import { SectionPager } from '../section-pager';
import { securityEventDetail, securityEventTitle } from './security-event-text';

/** How many events a page of the section shows. */
export const SECURITY_EVENTS_PAGE_SIZE = 10;

const COLUMNS: TableColumn[] = [
  { key: 'what', header: 'What happened' },
  { key: 'occurredAt', header: 'When' },
  { key: 'detail', header: 'Detail' },
];

interface SecurityActivitySectionProps {
  /** The page's events (`GET /api/auth/me/security-events` or a team member's). */
  query: Pick<UseQueryResult<SecurityEventList>, 'data' | 'error' | 'isError' | 'isPending' | 'refetch'> & {
    isPlaceholderData: boolean;
  };
  page: number;
  onPage: (page: number) => void;
  /** Unique on the page: the section is named by its heading. */
  headingId: string;
  /** Whose activity it is, in a sentence under the heading. */
  description: string;
  /** What the empty list means, for its reader. */
  emptyDescription: string;
}

/**
 * Security activity (the Profile, a team member's page): the account's sign-ins, sessions, passkeys,
 * password changes and administrators' changes, newest first, a page at a time, each in plain words
 * with its device and address.
 */
export function SecurityActivitySection(props: SecurityActivitySectionProps) {
  const { query, page, onPage, headingId } = props;
  const events = query.data?.data ?? [];
  const rows = events.map((event) => ({
    id: String(event.id),
    what: securityEventTitle(event),
    occurredAt: event.occurredAt,
    detail: securityEventDetail(event) || EMPTY_CELL,
  }));

  return (
    <section className="page-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="page-section__title">
        Security activity
      </h2>
      <p className="page-section__text">{props.description}</p>
      {query.isError && !query.data ? (
        <ListLoadFailed
          title="Failed to load the security activity"
          error={query.error}
          description={errorMessage(query.error, 'The server did not answer.')}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <AppDataTable
            headers={COLUMNS}
            rows={rows}
            sortable={false}
            paginate={false}
            loading={query.isPending}
            renderCell={{
              occurredAt: (row) => <time dateTime={row.occurredAt}>{formatDateTime(row.occurredAt)}</time>,
            }}
            emptyState={
              <EmptyState
                icon={Security}
                title="No security activity yet"
                description={props.emptyDescription}
              />
            }
          />
          {query.data && (
            <SectionPager
              page={page}
              pageSize={SECURITY_EVENTS_PAGE_SIZE}
              pagination={query.data.pagination}
              disabled={query.isPlaceholderData}
              onPage={onPage}
            />
          )}
        </>
      )}
    </section>
  );
}
