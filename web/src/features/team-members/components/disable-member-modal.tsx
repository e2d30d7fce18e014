import { TEAM_MEMBER_STATUS_LABELS } from '@scamtrail/domain/originators';
import type { TeamMember } from '@scamtrail/domain/team-members';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EditConflictNotice } from '../../../components/edit-conflict-notice';
import { useToast } from '../../../components/toasts/toast-context';
import { failureMessage } from '../../../lib/api-error';
import { describeChanges } from '../../../lib/edit-conflicts';
import { useEditConflict } from '../../../lib/use-edit-conflict';
import { useSetTeamMemberDisabled } from '../api/set-team-member-disabled';
import { describeMemberChanges } from './edit-member-modal';

type StatusMember = Pick<
  TeamMember,
  'id' | 'firstName' | 'lastName' | 'fullName' | 'role' | 'status' | 'updatedAt'
>;

interface DisableMemberModalProps {
  member: StatusMember;
  onClose: () => void;
}

/** What someone else changed in a team member whose status is being changed. */
function describeStatusChanges(base: StatusMember, current: StatusMember): string[] {
  return [
    ...describeMemberChanges(base, current),
    ...describeChanges(base, current, [
      {
        label: 'Status',
        valueOf: (member) => member.status,
        show: (member) => TEAM_MEMBER_STATUS_LABELS[member.status],
      },
    ]),
  ];
}

/**
 * Confirms disabling (signs out, refuses sign-in) or enabling a team member, from the version the
 * dialog opened on: when someone else changed the member since, it says what and offers Reload.
 */
export function DisableMemberModal({ member: opened, onClose }: DisableMemberModalProps) {
  // Invited members may be disabled too, before they ever sign in.
  const disable = opened.status !== 'disabled';
  const edit = useEditConflict<StatusMember>(opened);
  const member = edit.base ?? opened;
  const mutation = useSetTeamMemberDisabled();
  const { showToast } = useToast();
  return (
    <ConfirmModal
      danger={disable}
      title={`${disable ? 'Disable' : 'Enable'} ${member.fullName}?`}
      primaryButtonText={disable ? 'Disable' : 'Enable'}
      busy={mutation.isPending}
      actionDisabled={Boolean(edit.conflict)}
      failure={
        edit.conflict
          ? null
          : failureMessage(mutation.error, `Failed to ${disable ? 'disable' : 'enable'} the team member`)
      }
      failureTitle="Not changed"
      onConfirm={() =>
        mutation.mutate(
          { id: member.id, disabled: disable, base: member },
          {
            onSuccess: (saved) => {
              showToast({
                kind: 'success',
                title: disable ? 'Team member disabled' : 'Team member enabled',
                subtitle: saved.fullName,
              });
              onClose();
            },
            onError: (error) => edit.caught(error),
          },
        )
      }
      onClose={onClose}
    >
      {edit.base && edit.conflict && (
        <EditConflictNotice
          what="team member"
          changes={describeStatusChanges(edit.base, edit.conflict)}
          onReload={() => edit.reload(() => mutation.reset())}
        />
      )}
      <p>
        {disable
          ? 'They are signed out at once and cannot sign in until enabled again. Their records keep them as originator.'
          : 'They can sign in again with their password.'}
      </p>
    </ConfirmModal>
  );
}
