import { Button } from '@carbon/react';
import { UserMultiple } from '@carbon/icons-react';
import type { GroupMember } from '@scamtrail/domain/groups';
import { ROLE_LABELS } from '@scamtrail/domain/permissions';
import { AppDataTable } from '../../../components/data-table/app-data-table';
import type { TableColumn } from '../../../components/data-table/data-table-types';
import { EmptyState } from '../../../components/empty-state';
import { formatDate } from '../../../lib/format-date';

const COLUMNS: TableColumn[] = [
  { key: 'fullName', header: 'Name' },
  { key: 'email', header: 'Email' },
  { key: 'role', header: 'Role' },
  { key: 'addedAt', header: 'Added' },
];

interface GroupMembersTableProps {
  members: GroupMember[];
  /** Offers "Remove" on each row. */
  onRemove?: (member: GroupMember) => void;
}

export function GroupMembersTable({ members, onRemove }: GroupMembersTableProps) {
  const byId = new Map(members.map((member) => [member.userId, member]));
  const rows = members.map((member) => ({
    id: member.userId,
    fullName: member.status === 'disabled' ? `${member.fullName} (disabled)` : member.fullName,
    email: member.email,
    role: ROLE_LABELS[member.role],
    addedAt: formatDate(member.addedAt),
    actions: '',
  }));
  return (
    <AppDataTable
      title="Members"
      description="Members see the cases assigned to the group."
      headers={onRemove ? [...COLUMNS, { key: 'actions', header: 'Actions' }] : COLUMNS}
      rows={rows}
      rowLabel={(row) => row.fullName}
      emptyState={
        <EmptyState
          icon={UserMultiple}
          title="No members"
          description="Edit the group to add team members."
        />
      }
      renderCell={{
        actions: (row) =>
          onRemove && (
            <Button kind="danger--ghost" size="sm" onClick={() => onRemove(byId.get(row.id)!)}>
              Remove<span className="cds--visually-hidden"> {row.fullName}</span>
            </Button>
          ),
      }}
    />
  );
}
