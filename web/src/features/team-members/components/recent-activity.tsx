import { Tag } from '@carbon/react';
import { Catalog, Identification } from '@carbon/icons-react';
import { Link } from 'react-router';
import type { TeamMemberDetail } from '@scamtrail/domain/team-members';
import { AppDataTable } from '../../../components/data-table/app-data-table';
import { EmptyState } from '../../../components/empty-state';
import { EMPTY_CELL, formatDate, formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';

function humanise(type: string): string {
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The latest journal entries the member originated (among cases the viewer may see). */
export function RecentJournalEntries({ entries }: { entries: TeamMemberDetail['recentJournalEntries'] }) {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return (
    <AppDataTable
      title="Recent journal entries"
      headers={[
        { key: 'description', header: 'Entry' },
        { key: 'type', header: 'Type' },
        { key: 'performedAt', header: 'Performed' },
        { key: 'caseId', header: 'Case' },
      ]}
      rows={entries.map((entry) => ({
        id: entry.id,
        description: entry.description || 'Untitled Entry',
        type: humanise(entry.type),
        performedAt: formatDateTime(entry.performedAt),
        caseId: entry.caseId ?? '',
      }))}
      sortable={false}
      paginate={false}
      emptyState={
        <EmptyState
          icon={Catalog}
          title="No journal entries"
          description="Entries they record will appear here."
        />
      }
      renderCell={{
        description: (row) => (
          <>
            {row.description}
            {byId.get(row.id)?.isNullified && (
              <Tag type="red" size="sm" className="team-member-page__nullified">
                Nullified
              </Tag>
            )}
          </>
        ),
        caseId: (row) =>
          row.caseId ? (
            <Link className="cds--link" to={paths.caseDetail(row.caseId)}>
              Open case
            </Link>
          ) : (
            EMPTY_CELL
          ),
      }}
    />
  );
}

/** The latest identifiers the member originated. */
export function RecentIdentifiers({ identifiers }: { identifiers: TeamMemberDetail['recentIdentifiers'] }) {
  return (
    <AppDataTable
      title="Recent identifiers"
      headers={[
        { key: 'displayValue', header: 'Identifier' },
        { key: 'type', header: 'Type' },
        { key: 'createdAt', header: 'Recorded' },
      ]}
      rows={identifiers.map((identifier) => ({
        id: identifier.id,
        displayValue: identifier.displayValue,
        type: humanise(identifier.type),
        createdAt: formatDate(identifier.createdAt),
      }))}
      sortable={false}
      paginate={false}
      emptyState={
        <EmptyState
          icon={Identification}
          title="No identifiers"
          description="Identifiers they record will appear here."
        />
      }
    />
  );
}
