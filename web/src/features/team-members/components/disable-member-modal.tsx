import type { TeamMember } from '@scamtrail/domain/team-members';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { failureMessage } from '../../../lib/api-error';
import { useSetTeamMemberDisabled } from '../api/set-team-member-disabled';

interface DisableMemberModalProps {
  member: Pick<TeamMember, 'id' | 'fullName' | 'status'>;
  onClose: () => void;
}

/** Confirms disabling (signs out, refuses sign-in) or enabling a team member. */
export function DisableMemberModal({ member, onClose }: DisableMemberModalProps) {
  // Invited members may be disabled too, before they ever sign in.
  const disable = member.status !== 'disabled';
  const mutation = useSetTeamMemberDisabled();
  const { showToast } = useToast();
  return (
    <ConfirmModal
      danger={disable}
      title={`${disable ? 'Disable' : 'Enable'} ${member.fullName}?`}
      primaryButtonText={disable ? 'Disable' : 'Enable'}
      busy={mutation.isPending}
      failure={failureMessage(mutation.error, `Failed to ${disable ? 'disable' : 'enable'} the team member`)}
      failureTitle="Not changed"
      onConfirm={() =>
        mutation.mutate(
          { id: member.id, disabled: disable },
          {
            onSuccess: (saved) => {
              showToast({
                kind: 'success',
                title: disable ? 'Team member disabled' : 'Team member enabled',
                subtitle: saved.fullName,
              });
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    >
      <p>
        {disable
          ? 'They are signed out at once and cannot sign in until enabled again. Their records keep them as originator.'
          : 'They can sign in again with their password.'}
      </p>
    </ConfirmModal>
  );
}
