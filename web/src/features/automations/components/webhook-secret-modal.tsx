import { CodeSnippet, InlineNotification, Stack } from '@carbon/react';
import { AppModal } from '../../../components/app-modal';
import { formatDateTime } from '../../../lib/format';
import { useSecretDismissal } from './use-secret-dismissal';
import '../../../styles/carbon/code-snippet.scss';

interface WebhookSecretModalProps {
  secret: string;
  /** Until when the secret it replaced still signs deliveries; null for a first secret. */
  previousValidUntil: string | null;
  onClose: () => void;
}

/**
 * Shows a new webhook signing secret, the only time it is shown. As with a new API key, Escape or the
 * close icon before the secret was copied first warn, and close only when asked again.
 */
export function WebhookSecretModal({ secret, previousValidUntil, onClose }: WebhookSecretModalProps) {
  const { warned, dismiss, copied } = useSecretDismissal(onClose);
  return (
    <AppModal
      open
      size="md"
      title="Webhook signing secret"
      primaryButtonText="I have copied the secret"
      secondaryButtonText={null}
      onSubmit={onClose}
      onClose={dismiss}
    >
      <Stack gap={5}>
        <InlineNotification
          kind={warned ? 'error' : 'warning'}
          lowContrast
          hideCloseButton
          title={warned ? 'The secret has not been copied.' : 'Copy the secret now.'}
          subtitle={
            warned
              ? 'Once this dialog closes, it cannot be shown again. Copy it now, or close again to leave without it.'
              : 'It will not be shown again. If it is lost, make a new one.'
          }
        />
        <CodeSnippet
          type="single"
          aria-label="Signing secret"
          copyButtonDescription="Copy signing secret"
          feedback="Copied to clipboard"
          wrapText
          copyText={secret}
          onClick={copied}
        >
          {secret}
        </CodeSnippet>
        <p className="automation-page__text">
          The receiver verifies each delivery's <code>webhook-signature</code> with it (Standard Webhooks).
          {previousValidUntil &&
            ` The secret it replaces still signs deliveries too until ${formatDateTime(previousValidUntil)}.`}
        </p>
      </Stack>
    </AppModal>
  );
}
