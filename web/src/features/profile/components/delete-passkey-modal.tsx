import type { Passkey } from '@scamtrail/domain/passkeys';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { failureMessage } from '../../../lib/api-error';
import { useDeletePasskey } from '../api/delete-passkey';

/** Confirms deleting a passkey: it no longer signs in or signs entries; what it signed stays verifiable. */
export function DeletePasskeyModal({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const remove = useDeletePasskey();
  const { showToast } = useToast();
  return (
    <ConfirmModal
      title={`Delete passkey “${passkey.name}”?`}
      primaryButtonText="Delete"
      busy={remove.isPending}
      loadingDescription="Deleting..."
      failure={failureMessage(remove.error, 'Failed to delete the passkey')}
      failureTitle="Not deleted"
      onConfirm={() =>
        remove.mutate(passkey.id, {
          onSuccess: () => {
            showToast({ kind: 'success', title: 'Passkey deleted', subtitle: passkey.name });
            onClose();
          },
        })
      }
      onClose={onClose}
    >
      <p>
        You can no longer sign in or sign journal entries with it. Entries it signed stay signed and can still
        be verified. Remove it from the device too, in its passkey settings.
      </p>
    </ConfirmModal>
  );
}
