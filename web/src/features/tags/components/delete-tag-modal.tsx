import { InlineNotification } from '@carbon/react';
import { describeTagUsage, type Tag } from '@scamtrail/domain/tags';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { failureMessage, isApiError } from '../../../lib/api-error';
import { useDeleteTag } from '../api/delete-tag';

/**
 * Confirms deleting a tag. The server refuses (409 IN_USE) while anything carries it; its message is
 * shown here. The usage counts on screen may be stale, so they only warn.
 */
export function DeleteTagModal({ tag, onClose }: { tag: Tag; onClose: () => void }) {
  const remove = useDeleteTag();
  const { showToast } = useToast();
  const error = remove.error;
  const inUse = isApiError(error) && error.code === 'IN_USE';
  const failure = failureMessage(error, 'Failed to delete the tag');

  return (
    <ConfirmModal
      title={`Delete tag “${tag.name}”?`}
      primaryButtonText="Delete"
      actionDisabled={inUse}
      busy={remove.isPending}
      loadingDescription="Deleting..."
      failure={failure}
      failureTitle={inUse ? 'The tag is in use' : 'Not deleted'}
      onConfirm={() =>
        remove.mutate(tag.id, {
          onSuccess: () => {
            showToast({ kind: 'success', title: 'Tag deleted', subtitle: tag.name });
            onClose();
          },
        })
      }
      onClose={onClose}
    >
      {!failure && tag.usage.total > 0 && (
        <InlineNotification
          kind="warning"
          lowContrast
          hideCloseButton
          title="This tag is in use."
          subtitle={`It is on ${describeTagUsage(tag.usage)}. Remove it from them before deleting it.`}
        />
      )}
      <p>The tag is deleted for good. This cannot be undone.</p>
    </ConfirmModal>
  );
}
