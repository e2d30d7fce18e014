import type { GroupMember } from '@scamtrail/domain/groups';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { failureMessage } from '../../../lib/api-error';
import { useRemoveGroupMember } from '../api/remove-group-member';

interface RemoveMemberModalProps {
  groupId: string;
  groupName: string;
  member: GroupMember;
  onClose: () => void;
}

/** Confirms taking a member out of a group: they stop seeing its cases. */
export function RemoveMemberModal({ groupId, groupName, member, onClose }: RemoveMemberModalProps) {
  const remove = useRemoveGroupMember();
  const { showToast } = useToast();
  return (
    <ConfirmModal
      title={`Remove ${member.fullName}?`}
      label={groupName}
      primaryButtonText="Remove"
      busy={remove.isPending}
      failure={failureMessage(remove.error, 'Failed to remove the member')}
      failureTitle="Not removed"
      onConfirm={() =>
        remove.mutate(
          { id: groupId, userId: member.userId },
          {
            onSuccess: () => {
              showToast({ kind: 'success', title: 'Member removed', subtitle: member.fullName });
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    >
      <p>They stop seeing the cases assigned to {groupName}.</p>
    </ConfirmModal>
  );
}
