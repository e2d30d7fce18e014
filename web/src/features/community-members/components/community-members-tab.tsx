import { Button } from '@carbon/react';
import { Add, Events } from '@carbon/icons-react';
import { useState } from 'react';
import type { Originator } from '@scamtrail/domain/originators';
import { hasPermission } from '@scamtrail/domain/permissions';
import { EmptyState } from '../../../components/empty-state';
import { isListLoading, ListResults } from '../../../components/list-results';
import { FilterDropdown, ListToolbar } from '../../../components/list-toolbar';
import { useToast } from '../../../components/toasts/toast-context';
import { useSession } from '../../../lib/session';
import { useListState } from '../../../lib/use-list-state';
import { useCommunityMembers, type CommunityMemberListParams } from '../api/get-community-members';
import { useUpdateCommunityMember } from '../api/update-community-member';
import { AdjustReputationModal } from './adjust-reputation-modal';
import { CommunityMemberFormModal } from './community-member-form-modal';
import { CommunityMembersTable } from './community-members-table';
import { DeactivateCommunityMemberModal } from './deactivate-community-member-modal';
import { ReputationHistoryModal } from './reputation-history-modal';
import { useMenuFocusReturn } from '../../../components/use-menu-focus-return';
import { useFailureToast } from '../../../lib/use-failure-toast';

const STATUS_FILTER = [
  { value: '', text: 'All statuses' },
  { value: 'active', text: 'Active' },
  { value: 'inactive', text: 'Inactive' },
] as const;

type Dialog =
  { kind: 'add' } | { kind: 'edit' | 'reputation' | 'history' | 'deactivate'; member: Originator };

/** The "Community members" tab: outside reporters with their reputation. */
export function CommunityMembersTab() {
  const { user } = useSession();
  const { showToast } = useToast();
  const showFailure = useFailureToast();
  const list = useListState(
    { status: '' as CommunityMemberListParams['status'] },
    { status: STATUS_FILTER.map((option) => option.value) },
  );
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const query = useCommunityMembers(list.params);
  const update = useUpdateCommunityMember();
  const returnFocusToMenu = useMenuFocusReturn();
  const canCreate = hasPermission(user?.permissions, 'community_member.create');
  const canEdit = hasPermission(user?.permissions, 'community_member.edit');
  const { hasFilters } = list;
  const close = () => setDialog(null);

  /**
   * Unlike Deactivate, this does not ask first: it takes nothing away, and Deactivate undoes it. It is
   * made from the row as shown: when someone else changed the member since, the server refuses (412),
   * the toast says so and the list shows their version.
   */
  function reactivate(member: Originator) {
    returnFocusToMenu();
    update.mutate(
      { id: member.id, body: { active: true }, base: member },
      {
        onSuccess: (saved) =>
          showToast({ kind: 'success', title: 'Community member reactivated', subtitle: saved.name }),
        onError: (error) => showFailure(error, { title: 'Not changed' }),
      },
    );
  }

  // Whoever sees the list may read a member's reputation history; changing a member needs community_member.edit.
  const actionsFor = (member: Originator) => {
    const history = { label: 'Reputation history', onClick: () => setDialog({ kind: 'history', member }) };
    if (!canEdit) return [history];
    return [
      { label: 'Edit', onClick: () => setDialog({ kind: 'edit', member }) },
      { label: 'Adjust reputation', onClick: () => setDialog({ kind: 'reputation', member }) },
      history,
      member.active
        ? {
            label: 'Deactivate',
            isDelete: true,
            onClick: () => setDialog({ kind: 'deactivate', member }),
          }
        : { label: 'Reactivate', onClick: () => reactivate(member) },
    ];
  };

  return (
    <>
      <ListToolbar
        searchLabel="Search community members"
        searchPlaceholder="Search by username..."
        {...list.toolbar}
        action={
          canCreate && (
            <Button renderIcon={Add} onClick={() => setDialog({ kind: 'add' })}>
              Add community member
            </Button>
          )
        }
      >
        <FilterDropdown
          id="community-members-status"
          label="Status"
          labelInValue="when-chosen"
          value={list.filters.status}
          options={STATUS_FILTER}
          onChange={(value) => list.setFilter('status', value)}
        />
      </ListToolbar>
      <ListResults
        query={query}
        errorTitle="Failed to load community members"
        hasFilters={list.hasFilters}
        pagination={list.pagination}
      >
        <CommunityMembersTable
          members={query.data?.data ?? []}
          loading={isListLoading(query)}
          actionsFor={actionsFor}
          emptyState={
            <EmptyState
              icon={Events}
              title={hasFilters ? 'No community members match' : 'No community members yet'}
              description={
                hasFilters
                  ? 'Try another username or status.'
                  : 'Add the outside reporters whose reports your team records.'
              }
            />
          }
        />
      </ListResults>
      {dialog?.kind === 'add' && <CommunityMemberFormModal onClose={close} />}
      {dialog?.kind === 'edit' && <CommunityMemberFormModal member={dialog.member} onClose={close} />}
      {dialog?.kind === 'reputation' && <AdjustReputationModal member={dialog.member} onClose={close} />}
      {dialog?.kind === 'history' && <ReputationHistoryModal member={dialog.member} onClose={close} />}
      {dialog?.kind === 'deactivate' && (
        <DeactivateCommunityMemberModal member={dialog.member} onClose={close} />
      )}
    </>
  );
}
