import type { ReactNode } from 'react';
import type { Originator } from '@scamtrail/domain/originators';
import { AppDataTable } from '../../../components/data-table/app-data-table';
import type { TableColumn } from '../../../components/data-table/data-table-types';
import { RowActionsMenu, type RowMenuAction } from '../../../components/row-actions-menu';
import { EMPTY_CELL, formatDate } from '../../../lib/format';
import { ActiveTag, ReputationTag } from './community-member-tags';

const COLUMNS: TableColumn[] = [
  { key: 'username', header: 'Username' },
  { key: 'email', header: 'Email' },
  { key: 'reputation', header: 'Reputation' },
  { key: 'status', header: 'Status' },
  { key: 'createdAt', header: 'Added' },
  { key: 'actions', header: 'Actions' },
];

interface CommunityMembersTableProps {
  members: Originator[];
  loading: boolean;
  emptyState: ReactNode;
  actionsFor: (member: Originator) => RowMenuAction[];
}

export function CommunityMembersTable({
  members,
  loading,
  emptyState,
  actionsFor,
}: CommunityMembersTableProps) {
  const byId = new Map(members.map((member) => [member.id, member]));
  const rows = members.map((member) => ({
    id: member.id,
    username: member.communityMember?.username ?? member.name,
    email: member.communityMember?.email || EMPTY_CELL,
    reputation: member.communityMember?.reputation ?? 0,
    status: member.active ? 'Active' : 'Inactive',
    createdAt: formatDate(member.createdAt),
    actions: '',
  }));

  return (
    <AppDataTable
      title="Community members"
      description="Outside reporters without an account. Team members record reports on their behalf."
      headers={COLUMNS}
      rows={rows}
      sortable={false}
      paginate={false}
      loading={loading}
      emptyState={emptyState}
      renderCell={{
        reputation: (row) => <ReputationTag reputation={row.reputation} />,
        status: (row) => <ActiveTag active={byId.get(row.id)!.active} />,
        actions: (row) => <RowActionsMenu label={row.username} actions={actionsFor(byId.get(row.id)!)} />,
      }}
    />
  );
}
