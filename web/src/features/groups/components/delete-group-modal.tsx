import type { GroupDetail } from '@scamtrail/domain/groups';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { failureMessage, isApiError } from '../../../lib/api-error';
import { useDeleteGroup } from '../api/delete-group';

interface DeleteGroupModalProps {
  group: GroupDetail;
  onClose: () => void;
  onDeleted: () => void;
}

/** Confirms deleting a group; the server refuses while cases are assigned to it, and says why. */
export function DeleteGroupModal({ group, onClose, onDeleted }: DeleteGroupModalProps) {
  const remove = useDeleteGroup();
  const { showToast } = useToast();
  const error = remove.error;
  const inUse = isApiError(error) && error.code === 'IN_USE';

  return (
    <ConfirmModal
      title={`Delete group “${group.name}”?`}
      primaryButtonText="Delete"
      actionDisabled={inUse}
      busy={remove.isPending}
      loadingDescription="Deleting..."
      failure={failureMessage(error, 'Failed to delete the group')}
      failureTitle={inUse ? 'The group is in use' : 'Not deleted'}
      onConfirm={() =>
        remove.mutate(group.id, {
          onSuccess: () => {
            showToast({ kind: 'success', title: 'Group deleted', subtitle: group.name });
            onDeleted();
          },
        })
      }
      onClose={onClose}
    >
      <p>{membersText(group.memberCount)} A group with cases assigned cannot be deleted.</p>
    </ConfirmModal>
  );
}

function membersText(count: number): string {
  if (count === 0) return 'It has no members.';
  return count === 1 ? 'Its 1 member keeps their account.' : `Its ${count} members keep their accounts.`;
}
