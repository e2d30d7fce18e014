import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Group } from '@scamtrail/domain/groups';
import { AppDataTable } from '../../../components/data-table/app-data-table';
import type { TableColumn } from '../../../components/data-table/data-table-types';
import { EMPTY_CELL, formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { GroupCasesLink } from './group-cases-link';

const COLUMNS: TableColumn[] = [
  { key: 'name', header: 'Name' },
  { key: 'description', header: 'Description' },
  { key: 'memberCount', header: 'Members' },
  { key: 'caseCount', header: 'Cases' },
  { key: 'createdAt', header: 'Created' },
];

interface GroupsTableProps {
  groups: Group[];
  loading: boolean;
  emptyState: ReactNode;
}

export function GroupsTable({ groups, loading, emptyState }: GroupsTableProps) {
  const rows = groups.map((group) => ({
    id: group.id,
    name: group.name,
    description: group.description || EMPTY_CELL,
    memberCount: group.memberCount,
    // Absent for a reader without case.view: a dash, never 0.
    caseCount: group.caseCount ?? EMPTY_CELL,
    createdAt: formatDate(group.createdAt),
  }));
  return (
    <AppDataTable
      title="Groups"
      headers={COLUMNS}
      rows={rows}
      sortable={false}
      paginate={false}
      loading={loading}
      emptyState={emptyState}
      renderCell={{
        name: (row) => (
          <Link className="cds--link" to={paths.groupDetail(row.id)}>
            {row.name}
          </Link>
        ),
        caseCount: (row) => {
          const group = groups.find((item) => item.id === row.id);
          return group ? <GroupCasesLink group={group} variant="count" /> : row.caseCount;
        },
      }}
    />
  );
}
