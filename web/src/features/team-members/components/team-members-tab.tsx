import { Button } from '@carbon/react';
import { UserFollow, UserMultiple } from '@carbon/icons-react';
import { useState } from 'react';
import { TEAM_MEMBER_STATUS_LABELS, TEAM_MEMBER_STATUSES } from '@scamtrail/domain/originators';
import type { TeamMember } from '@scamtrail/domain/team-members';
import { EmptyState } from '../../../components/empty-state';
import { isListLoading, ListResults } from '../../../components/list-results';
import { FilterDropdown, ListToolbar } from '../../../components/list-toolbar';
import { useSession } from '../../../lib/session';
import { useListState } from '../../../lib/use-list-state';
import { useTeamMembers, type TeamMemberListParams } from '../api/get-team-members';
import { DisableMemberModal } from './disable-member-modal';
import { EditMemberModal } from './edit-member-modal';
import { InviteMemberModal } from './invite-member-modal';
import { ROLE_OPTIONS } from './role-options';
import { TeamMembersTable } from './team-members-table';

const ROLE_FILTER = [{ value: '', text: 'All roles' }, ...ROLE_OPTIONS] as const;
const STATUS_FILTER = [
  { value: '' as const, text: 'All statuses' },
  ...TEAM_MEMBER_STATUSES.map((value) => ({ value, text: TEAM_MEMBER_STATUS_LABELS[value] })),
];

type Dialog = { kind: 'invite' } | { kind: 'role' | 'status'; member: TeamMember };

/** The "Team members" tab: people with an account, their roles and whether they may sign in. */
export function TeamMembersTab() {
  const { user } = useSession();
  const list = useListState({
    role: '' as TeamMemberListParams['role'],
    status: '' as TeamMemberListParams['status'],
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const query = useTeamMembers(list.params);
  const { hasFilters } = list;
  const close = () => setDialog(null);

  // Nobody changes their own role or disables themselves: the server refuses both (an administrator
  // could demote or lock themselves out), so their own row offers neither.
  const actionsFor = (member: TeamMember) =>
    member.id === user?.id
      ? []
      : [
          { label: 'Change role', onClick: () => setDialog({ kind: 'role', member }) },
          member.status === 'disabled'
            ? { label: 'Enable', onClick: () => setDialog({ kind: 'status', member }) }
            : { label: 'Disable', isDelete: true, onClick: () => setDialog({ kind: 'status', member }) },
        ];

  return (
    <>
      <ListToolbar
        searchLabel="Search team members"
        searchPlaceholder="Search by name or email..."
        {...list.toolbar}
        action={
          <Button renderIcon={UserFollow} onClick={() => setDialog({ kind: 'invite' })}>
            Invite member
          </Button>
        }
      >
        <FilterDropdown
          id="team-members-role"
          label="Role"
          labelInValue="when-chosen"
          value={list.filters.role}
          options={ROLE_FILTER}
          onChange={(value) => list.setFilter('role', value)}
        />
        <FilterDropdown
          id="team-members-status"
          label="Status"
          labelInValue="when-chosen"
          value={list.filters.status}
          options={STATUS_FILTER}
          onChange={(value) => list.setFilter('status', value)}
        />
      </ListToolbar>
      <ListResults
        query={query}
        errorTitle="Failed to load team members"
        hasFilters={list.hasFilters}
        pagination={list.pagination}
      >
        <TeamMembersTable
          members={query.data?.data ?? []}
          loading={isListLoading(query)}
          actionsFor={actionsFor}
          emptyState={
            <EmptyState
              icon={UserMultiple}
              title={hasFilters ? 'No team members match' : 'No team members yet'}
              description={
                hasFilters
                  ? 'Try another name, role or status.'
                  : 'Invite the people who work cases with you.'
              }
            />
          }
        />
      </ListResults>
      {dialog?.kind === 'invite' && <InviteMemberModal onClose={close} />}
      {dialog?.kind === 'role' && <EditMemberModal member={dialog.member} mode="role" onClose={close} />}
      {dialog?.kind === 'status' && <DisableMemberModal member={dialog.member} onClose={close} />}
    </>
  );
}
