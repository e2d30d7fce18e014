import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TeamMember } from '@scamtrail/domain/team-members';
import { AppDataTable } from '../../../components/data-table/app-data-table';
import { EmailText } from '../../../components/email-text';
import type { TableColumn } from '../../../components/data-table/data-table-types';
import { RowActionsMenu, type RowMenuAction } from '../../../components/row-actions-menu';
import { formatDate, formatDateTime } from '../../../lib/format';
import { DateTimeText } from '../../../components/date-time-text';
import { roleLabel } from './role-options';
import { MemberStatusTag } from './status-tags';
import { paths } from '../../../lib/paths';

const COLUMNS: TableColumn[] = [
  { key: 'fullName', header: 'Name' },
  { key: 'email', header: 'Email' },
  { key: 'role', header: 'Role' },
  { key: 'status', header: 'Status' },
  { key: 'lastLoginAt', header: 'Last sign-in' },
  { key: 'createdAt', header: 'Member since' },
  { key: 'actions', header: 'Actions' },
];

interface TeamMembersTableProps {
  members: TeamMember[];
  loading: boolean;
  emptyState: ReactNode;
  /** The row's actions; none hides the menu. */
  actionsFor: (member: TeamMember) => RowMenuAction[];
}

export function TeamMembersTable({ members, loading, emptyState, actionsFor }: TeamMembersTableProps) {
  const byId = new Map(members.map((member) => [member.id, member]));
  const rows = members.map((member) => ({
    id: member.id,
    fullName: member.fullName,
    email: member.email,
    role: roleLabel(member.role),
    status: member.status,
    lastLoginAt: formatDateTime(member.lastLoginAt, 'Never'),
    createdAt: formatDate(member.createdAt),
    actions: '',
  }));

  return (
    <AppDataTable
      title="Team members"
      description="Staff with an account. Their role decides what they may see and change."
      headers={COLUMNS}
      rows={rows}
      sortable={false}
      paginate={false}
      loading={loading}
      emptyState={emptyState}
      renderCell={{
        fullName: (row) => (
          <Link className="cds--link" to={paths.teamMemberDetail(row.id)}>
            {row.fullName}
          </Link>
        ),
        email: (row) => <EmailText address={row.email} />,
        status: (row) => <MemberStatusTag status={byId.get(row.id)!.status} />,
        lastLoginAt: (row) => <DateTimeText value={byId.get(row.id)!.lastLoginAt} fallback="Never" />,
        // A date reads as one piece: "Nov 29, 2026", never "Nov 29," above "2026".
        createdAt: (row) => <span className="team-members__date">{row.createdAt}</span>,
        actions: (row) => <RowActionsMenu label={row.fullName} actions={actionsFor(byId.get(row.id)!)} />,
      }}
    />
  );
}
