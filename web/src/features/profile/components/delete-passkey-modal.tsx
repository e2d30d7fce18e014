import { InlineNotification, Stack } from '@carbon/react';
import type { Passkey } from '@scamtrail/domain/passkeys';
import { AppModal } from '../../../components/app-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { failureMessage } from '../../../lib/api-error';
import { useDeletePasskey } from '../api/delete-passkey';

/** Confirms deleting a passkey: it no longer signs in or signs entries; what it signed stays verifiable. */
export function DeletePasskeyModal({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const remove = useDeletePasskey();
  const { showToast } = useToast();
  const failure = failureMessage(remove.error, 'Failed to delete the passkey');

  return (
    <AppModal
      open
      size="sm"
      danger
      title={`Delete passkey “${passkey.name}”?`}
      primaryButtonText="Delete"
      loading={remove.isPending}
      loadingDescription="Deleting..."
      onSubmit={() =>
        remove.mutate(passkey.id, {
          onSuccess: () => {
            showToast({ kind: 'success', title: 'Passkey deleted', subtitle: passkey.name });
            onClose();
          },
        })
      }
      onClose={onClose}
    >
      <Stack gap={5}>
        {failure && (
          <InlineNotification
            kind="error"
            lowContrast
            hideCloseButton
            title="Not deleted"
            subtitle={failure}
          />
        )}
        <p>
          You can no longer sign in or sign journal entries with it. Entries it signed stay signed and can
          still be verified. Remove it from the device too, in its passkey settings.
        </p>
      </Stack>
    </AppModal>
  );
}
