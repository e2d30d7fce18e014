import { CodeSnippet, InlineNotification, Stack } from '@carbon/react';
import type { CreatedApiKey } from '@scamtrail/domain/automations';
import { permissionLabels } from '@scamtrail/domain/permission-labels';
import { AppModal } from '../../../components/app-modal';

interface ApiKeySecretModalProps {
  created: CreatedApiKey;
  onClose: () => void;
}

/**
 * Shows a new key's secret, the only time it is ever shown: the server keeps only a hash. It closes only
 * through its button, so the secret is not lost to a stray click.
 */
export function ApiKeySecretModal({ created, onClose }: ApiKeySecretModalProps) {
  return (
    <AppModal
      open
      size="md"
      title="API key created"
      label={created.apiKey.name}
      primaryButtonText="I have copied the key"
      secondaryButtonText="Close"
      onSubmit={onClose}
      onClose={onClose}
    >
      <Stack gap={5}>
        <InlineNotification
          kind="warning"
          lowContrast
          hideCloseButton
          title="Copy the key now."
          subtitle="It will not be shown again. If it is lost, revoke it and create a new one."
        />
        <CodeSnippet
          type="single"
          aria-label="API key"
          copyButtonDescription="Copy API key"
          feedback="Copied to clipboard"
          wrapText
        >
          {created.key}
        </CodeSnippet>
        <p className="automation-page__text">
          Send it with each request as <code>Authorization: Bearer &lt;key&gt;</code>. The key holds only its
          scopes: {permissionLabels(created.apiKey.scopes).join(', ')}.
        </p>
      </Stack>
    </AppModal>
  );
}
