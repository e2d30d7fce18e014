import { InlineNotification } from '@carbon/react';
import type { GroupDetail } from '@scamtrail/domain/groups';
import { AppModal } from '../../../components/app-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { errorMessage, isApiError } from '../../../lib/api-error';
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
  const failure = remove.isError && !(isApiError(error) && error.status === 403);

  return (
    <AppModal
      open
      size="sm"
      danger
      title={`Delete group “${group.name}”?`}
      primaryButtonText="Delete"
      primaryButtonDisabled={inUse}
      loading={remove.isPending}
      loadingDescription="Deleting..."
      onSubmit={() =>
        remove.mutate(group.id, {
          onSuccess: () => {
            showToast({ kind: 'success', title: 'Group deleted', subtitle: group.name });
            onDeleted();
          },
        })
      }
      onClose={onClose}
    >
      {failure && (
        <InlineNotification
          kind="error"
          lowContrast
          hideCloseButton
          title={inUse ? 'The group is in use' : 'Not deleted'}
          subtitle={errorMessage(error, 'Failed to delete the group')}
        />
      )}
      <p>
        Its {group.memberCount} {group.memberCount === 1 ? 'member keeps' : 'members keep'} their accounts. A
        group with cases assigned cannot be deleted.
      </p>
    </AppModal>
  );
}
