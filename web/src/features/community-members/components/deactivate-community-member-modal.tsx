import type { Originator } from '@scamtrail/domain/originators';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EditConflictNotice } from '../../../components/edit-conflict-notice';
import { useToast } from '../../../components/toasts/toast-context';
import { failureMessage } from '../../../lib/api-error';
import { useEditConflict } from '../../../lib/use-edit-conflict';
import { useUpdateCommunityMember } from '../api/update-community-member';
import { describeCommunityMemberChanges } from './community-member-form-modal';

interface DeactivateCommunityMemberModalProps {
  member: Originator;
  onClose: () => void;
}

/**
 * Confirms deactivating a community member, as disabling a team member is confirmed: from the version
 * the dialog opened on, so that when someone else changed the member since, it says what and offers
 * Reload.
 */
export function DeactivateCommunityMemberModal({
  member: opened,
  onClose,
}: DeactivateCommunityMemberModalProps) {
  const edit = useEditConflict(opened);
  const member = edit.base ?? opened;
  const mutation = useUpdateCommunityMember();
  const { showToast } = useToast();
  return (
    <ConfirmModal
      title={`Deactivate ${member.name}?`}
      primaryButtonText="Deactivate"
      busy={mutation.isPending}
      actionDisabled={Boolean(edit.conflict)}
      failure={
        edit.conflict ? null : failureMessage(mutation.error, 'Failed to deactivate the community member')
      }
      failureTitle="Not changed"
      onConfirm={() =>
        mutation.mutate(
          { id: member.id, body: { active: false }, base: member },
          {
            onSuccess: (saved) => {
              showToast({ kind: 'success', title: 'Community member deactivated', subtitle: saved.name });
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
          what="community member"
          changes={describeCommunityMemberChanges(edit.base, edit.conflict)}
          onReload={() => edit.reload(() => mutation.reset())}
        />
      )}
      <p>
        They are no longer offered under Reported by until reactivated. The records they reported keep them as
        originator.
      </p>
    </ConfirmModal>
  );
}
