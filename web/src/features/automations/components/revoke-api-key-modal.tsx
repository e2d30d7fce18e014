import { InlineNotification } from '@carbon/react';
import type { ApiKey } from '@scamtrail/domain/automations';
import { AppModal } from '../../../components/app-modal';
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
  const failure = failureMessage(revoke.error, 'Failed to revoke the API key');

  return (
    <AppModal
      open
      size="sm"
      danger
      title={`Revoke API key “${apiKey.name}”?`}
      primaryButtonText="Revoke key"
      loading={revoke.isPending}
      loadingDescription="Revoking..."
      onSubmit={() =>
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
      {failure && (
        <InlineNotification kind="error" lowContrast hideCloseButton title="Not revoked" subtitle={failure} />
      )}
      <p>
        Anything using the key starting <code>{apiKey.prefix}</code> stops working at once. This cannot be
        undone.
      </p>
    </AppModal>
  );
}
