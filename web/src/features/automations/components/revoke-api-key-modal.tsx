import type { ApiKey } from '@scamtrail/domain/automations';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { failureMessage } from '../../../lib/api-error';
import { useRevokeApiKey } from '../api/revoke-api-key';

interface RevokeApiKeyModalProps {
  automationId: string;
  apiKey: ApiKey;
  onClose: () => void;
}

/** Confirms revoking a key: whatever uses it stops working at once, and it cannot be undone. */
export function RevokeApiKeyModal({ automationId, apiKey, onClose }: RevokeApiKeyModalProps) {
  const revoke = useRevokeApiKey();
  const { showToast } = useToast();
  return (
    <ConfirmModal
      title={`Revoke API key “${apiKey.name}”?`}
      primaryButtonText="Revoke key"
      busy={revoke.isPending}
      loadingDescription="Revoking..."
      failure={failureMessage(revoke.error, 'Failed to revoke the API key')}
      failureTitle="Not revoked"
      onConfirm={() =>
        revoke.mutate(
          { automationId, keyId: apiKey.id },
          {
            onSuccess: () => {
              showToast({ kind: 'success', title: 'API key revoked', subtitle: apiKey.name });
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    >
      <p>
        Anything using the key starting <code>{apiKey.prefix}</code> stops working at once. This cannot be
        undone.
      </p>
    </ConfirmModal>
  );
}
