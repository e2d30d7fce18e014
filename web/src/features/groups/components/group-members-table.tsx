import { Button } from '@carbon/react';
import { UserMultiple } from '@carbon/icons-react';
import { Link } from 'react-router';
import type { GroupMember } from '@scamtrail/domain/groups';
import { ROLE_LABELS } from '@scamtrail/domain/permissions';
import { AppDataTable } from '../../../components/data-table/app-data-table';
import type { TableColumn } from '../../../components/data-table/data-table-types';
import { EmailText } from '../../../components/email-text';
import { EmptyState } from '../../../components/empty-state';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';

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
  /** Names link to each member's page: only for a reader who may open it. */
  linkMembers?: boolean;
}

export function GroupMembersTable({ members, onRemove, linkMembers = false }: GroupMembersTableProps) {
  const byId = new Map(members.map((member) => [member.userId, member]));
  // E-mail and role come only to callers holding team_member.view; without them the columns go.
  const columns = members.some((member) => member.role)
    ? COLUMNS
    : COLUMNS.filter((column) => column.key !== 'email' && column.key !== 'role');
  const rows = members.map((member) => ({
    id: member.userId,
    fullName: member.status === 'disabled' ? `${member.fullName} (disabled)` : member.fullName,
    email: member.email ?? '',
    role: member.role ? ROLE_LABELS[member.role] : '',
    addedAt: formatDate(member.addedAt),
    actions: '',
  }));
  return (
    <AppDataTable
      title="Members"
      description="Members see the cases assigned to the group."
      headers={onRemove ? [...columns, { key: 'actions', header: 'Actions' }] : columns}
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
        fullName: (row) =>
          linkMembers ? (
            <Link className="cds--link" to={paths.teamMemberDetail(row.id)}>
              {row.fullName}
            </Link>
          ) : (
            row.fullName
          ),
        // Wraps after the @ and before a dot, not at a hyphen: a phone's card column is narrow.
        email: (row) => row.email && <EmailText address={row.email} />,
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
