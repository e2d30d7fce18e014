import type { GroupDetail, GroupMember } from '@scamtrail/domain/groups';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { failureMessage } from '../../../lib/api-error';
import { useRemoveGroupMember } from '../api/remove-group-member';

interface RemoveMemberModalProps {
  /** The group as shown: the removal is refused (412) when someone else changed it since. */
  group: GroupDetail;
  member: GroupMember;
  onClose: () => void;
}

/** Confirms taking a member out of a group: they stop seeing its cases. */
export function RemoveMemberModal({ group, member, onClose }: RemoveMemberModalProps) {
  const remove = useRemoveGroupMember();
  const { showToast } = useToast();
  return (
    <ConfirmModal
      title={`Remove ${member.fullName}?`}
      label={group.name}
      primaryButtonText="Remove"
      busy={remove.isPending}
      failure={failureMessage(remove.error, 'Failed to remove the member')}
      failureTitle="Not removed"
      onConfirm={() =>
        remove.mutate(
          { id: group.id, userId: member.userId, base: group },
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
      <p>They stop seeing the cases assigned to {group.name}.</p>
    </ConfirmModal>
  );
}
