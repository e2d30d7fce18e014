import { CodeSnippet, InlineNotification, Stack } from '@carbon/react';
import type { CreatedApiKey } from '@scamtrail/domain/automations';
import { permissionLabels } from '@scamtrail/domain/permission-labels';
import { AppModal } from '../../../components/app-modal';
import { useSecretDismissal } from './use-secret-dismissal';
import '../../../styles/carbon/code-snippet.scss';

interface ApiKeySecretModalProps {
  created: CreatedApiKey;
  onClose: () => void;
}

/**
 * Shows a new key's secret, the only time it is ever shown: the server keeps only a hash. Its button
 * closes it; a click outside does nothing, and Escape or the close icon, before the key was copied with
 * its copy button, first warn that the key will be lost and close only when asked again.
 */
export function ApiKeySecretModal({ created, onClose }: ApiKeySecretModalProps) {
  const { warned, dismiss, copied } = useSecretDismissal(onClose);
  return (
    <AppModal
      open
      size="md"
      title="API key created"
      label={created.apiKey.name}
      primaryButtonText="I have copied the key"
      secondaryButtonText={null}
      onSubmit={onClose}
      onClose={dismiss}
    >
      <Stack gap={5}>
        {warned ? (
          <InlineNotification
            kind="error"
            lowContrast
            hideCloseButton
            title="The key has not been copied."
            subtitle="Once this dialog closes, it cannot be shown again. Copy it now, or close again to leave without it."
          />
        ) : (
          <InlineNotification
            kind="warning"
            lowContrast
            hideCloseButton
            title="Copy the key now."
            subtitle="It will not be shown again. If it is lost, revoke it and create a new one."
          />
        )}
        <CodeSnippet
          type="single"
          aria-label="API key"
          copyButtonDescription="Copy API key"
          feedback="Copied to clipboard"
          wrapText
          copyText={created.key}
          onClick={copied}
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
