import { AppModal } from '../../../components/app-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { useDeleteIdentifier } from '../api/delete-identifier';
import type { IdentifierItem } from '../api/identifier-types';
import { useFailureToast } from '../../../lib/use-failure-toast';

export const DELETE_QUESTION = 'Are you sure you want to delete this identifier?';
export const DELETE_FAILED_MESSAGE = 'Failed to delete identifier';

interface DeleteIdentifierModalProps {
  identifier: IdentifierItem;
  onClose: () => void;
  onDeleted: (id: string) => void;
}

/** Delete asks first (spec 2.3), in Carbon's danger modal. */
export function DeleteIdentifierModal({ identifier, onClose, onDeleted }: DeleteIdentifierModalProps) {
  const { showToast } = useToast();
  const showFailure = useFailureToast();
  const remove = useDeleteIdentifier();

  function confirm() {
    remove.mutate(identifier.id, {
      onSuccess: () => {
        showToast({ kind: 'success', title: 'Identifier deleted', subtitle: identifier.displayValue });
        onDeleted(identifier.id);
      },
      onError: (error) => {
        showFailure(error, { title: DELETE_FAILED_MESSAGE });
        onClose();
      },
    });
  }

  return (
    <AppModal
      open
      danger
      size="sm"
      title="Delete identifier"
      label={identifier.typeLabel}
      primaryButtonText="Delete"
      secondaryButtonText="Cancel"
      loading={remove.isPending}
      loadingDescription="Deleting..."
      onSubmit={confirm}
      onClose={onClose}
    >
      <p className="identifier-delete__question">{DELETE_QUESTION}</p>
      <p className="identifier-delete__value">{identifier.displayValue}</p>
    </AppModal>
  );
}
