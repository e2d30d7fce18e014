import { InlineNotification } from '@carbon/react';
import type { TeamMember } from '@scamtrail/domain/team-members';
import { AppModal } from '../../../components/app-modal';
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
  const failure = failureMessage(
    mutation.error,
    `Failed to ${disable ? 'disable' : 'enable'} the team member`,
  );

  return (
    <AppModal
      open
      size="sm"
      danger={disable}
      title={`${disable ? 'Disable' : 'Enable'} ${member.fullName}?`}
      primaryButtonText={disable ? 'Disable' : 'Enable'}
      loading={mutation.isPending}
      onSubmit={() =>
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
      {failure && (
        <InlineNotification kind="error" lowContrast hideCloseButton title="Not changed" subtitle={failure} />
      )}
      <p>
        {disable
          ? 'They are signed out at once and cannot sign in until enabled again. Their records keep them as originator.'
          : 'They can sign in again with their password.'}
      </p>
    </AppModal>
  );
}
