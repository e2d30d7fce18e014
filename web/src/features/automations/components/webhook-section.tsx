import { Button, InlineNotification, Stack, Tag } from '@carbon/react';
import { Password, Renew, Send } from '@carbon/icons-react';
import { useState } from 'react';
import { EXPORT_TOPIC_LABELS, type ExportTopic } from '@scamtrail/domain/export-streams';
import type { WebhookSecret } from '@scamtrail/domain/webhooks';
import { PERMISSION_LABELS } from '@scamtrail/domain/permission-labels';
import { DescriptionList } from '../../../components/description-list';
import { SectionLoadState } from '../../../components/section-load-state';
import { SectionPager } from '../../../components/section-pager';
import { useToast } from '../../../components/toasts/toast-context';
import { failureMessage } from '../../../lib/api-error';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useEnableWebhook } from '../api/enable-webhook';
import { useWebhook } from '../api/get-webhook';
import { useWebhookAttempts, WEBHOOK_ATTEMPTS_PAGE_SIZE } from '../api/get-webhook-attempts';
import { useWebhookDeliveries, WEBHOOK_DELIVERIES_PAGE_SIZE } from '../api/get-webhook-deliveries';
import { usePingWebhook } from '../api/ping-webhook';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { webhookUrlText } from '../../../lib/webhook-url';
import { WebhookAttemptsTable } from './webhook-attempts-table';
import { WebhookDeliveriesTable } from './webhook-deliveries-table';
import { WebhookSecretModal } from './webhook-secret-modal';

interface WebhookSectionProps {
  automation: { id: string; webhookUrl: string | null; active: boolean };
  canEdit: boolean;
}

/** Topics as tags, or `none` when there are none. */
function TopicTags({ topics, none, label }: { topics: ExportTopic[]; none: string; label: string }) {
  if (!topics.length) return <>{none}</>;
  return (
    <ul className="webhook-section__topics" aria-label={label}>
      {topics.map((topic) => (
        <li key={topic}>
          <Tag type="outline" size="sm">
            {EXPORT_TOPIC_LABELS[topic]}
          </Tag>
        </li>
      ))}
    </ul>
  );
}

/**
 * What is delivered now of the subscribed topics and, when some are held back, which ones and why: the
 * server sends a topic only when a live key of the automation and whoever last set the URL may read it.
 */
function SentNow({ topics, delivered }: { topics: ExportTopic[]; delivered: ExportTopic[] }) {
  const held = topics.filter((topic) => !delivered.includes(topic));
  return (
    <Stack gap={3}>
      <TopicTags topics={delivered} none="None" label="Topics sent now" />
      {held.length > 0 && (
        <>
          <div className="webhook-section__held">
            <span>Not sent:</span>
            <TopicTags topics={held} none="" label="Topics not sent" />
          </div>
          <p className="automation-page__text">
            A topic is sent only if both can read it: a live API key of this automation, and whoever last set
            the webhook URL (a person, or one of this automation’s keys). Setting the URL again makes it
            yours. Reading a topic takes “{PERMISSION_LABELS['export.view']}” and the topic’s own view
            permissions.
          </p>
        </>
      )}
    </Stack>
  );
}

/**
 * The automation's webhook: whether deliveries go out (and why not), its topics, its signing secret
 * (made or rotated here, shown once), a test ping, the deliveries with "Send again" (one more attempt
 * now, logged as sent by hand) and the log of every attempt.
 */
export function WebhookSection({ automation, canEdit }: WebhookSectionProps) {
  const { id } = automation;
  const [page, setPage] = useState(1);
  const webhook = useWebhook(id);
  const deliveries = useWebhookDeliveries(id, page);
  const [attemptsPage, setAttemptsPage] = useState(1);
  const attempts = useWebhookAttempts(id, attemptsPage);
  const rotate = useRotateWebhookSecret();
  const enable = useEnableWebhook();
  const ping = usePingWebhook();
  const resend = useResendWebhookDelivery();
  const { showToast } = useToast();
  const [secret, setSecret] = useState<WebhookSecret | null>(null);
  const failure =
    failureMessage(rotate.error, 'The secret was not made') ??
    failureMessage(enable.error, 'The webhook was not enabled') ??
    failureMessage(ping.error, 'The test ping was not queued') ??
    failureMessage(resend.error, 'The delivery was not sent again');

  if (!webhook.isSuccess) {
    return <SectionLoadState query={webhook} errorTitle="The webhook could not be loaded" />;
  }
  const endpoint = webhook.data;
  const disabled = endpoint.status === 'disabled';
  const sendable = automation.active && !!endpoint.url && endpoint.hasSecret && !disabled;

  return (
    <Stack gap={5}>
      {!endpoint.url && (
        <InlineNotification
          kind="info"
          lowContrast
          hideCloseButton
          title="No webhook URL."
          subtitle="Edit the automation to give it one: events are then sent to it, signed."
        />
      )}
      {disabled && (
        <InlineNotification
          kind="error"
          lowContrast
          hideCloseButton
          title="Deliveries are stopped."
          subtitle={`${endpoint.disabledReason ?? 'The webhook was disabled.'} Deliveries wait until it is enabled again.`}
        />
      )}
      {endpoint.url && !endpoint.hasSecret && (
        <InlineNotification
          kind="warning"
          lowContrast
          hideCloseButton
          title="No signing secret yet."
          subtitle="Nothing is sent until one is made: every delivery is signed with it."
        />
      )}
      {failure && (
        <InlineNotification kind="error" lowContrast hideCloseButton title="Not done" subtitle={failure} />
      )}
      <DescriptionList
        aria-label="Webhook"
        items={[
          {
            label: 'Status',
            // Not a green "Active" over a webhook without a URL, to which nothing is ever sent.
            value: disabled ? (
              <Tag type="red" size="sm">
                Disabled
              </Tag>
            ) : endpoint.url ? (
              <Tag type="green" size="sm">
                Active
              </Tag>
            ) : (
              <Tag type="gray" size="sm">
                Not set up
              </Tag>
            ),
          },
          { label: 'URL', value: webhookUrlText(endpoint.url, canEdit) },
          {
            label: 'Topics',
            value: <TopicTags topics={endpoint.topics} none="None: test pings only" label="Topics" />,
          },
          {
            label: 'Sent now',
            value: <SentNow topics={endpoint.topics} delivered={endpoint.deliveredTopics} />,
          },
          { label: 'Waiting', value: formatCount(endpoint.waiting) },
          {
            label: 'Signing secret',
            value: endpoint.hasSecret
              ? endpoint.previousSecretExpiresAt
                ? `Rotated; the previous one signs too until ${formatDateTime(endpoint.previousSecretExpiresAt)}`
                : 'Set'
              : 'None',
          },
        ]}
      />
      {canEdit && (
        <div className="automation-page__actions">
          {disabled && (
            <Button
              size="md"
              renderIcon={Renew}
              disabled={enable.isPending}
              onClick={() =>
                enable.mutate(
                  { id, base: endpoint },
                  {
                    onSuccess: () => showToast({ kind: 'success', title: 'Webhook enabled' }),
                  },
                )
              }
            >
              Enable webhook
            </Button>
          )}
          <Button
            kind="tertiary"
            size="md"
            renderIcon={Password}
            // Not disabled while it works: a disabled button loses focus, which the dialog must give back.
            onClick={() => {
              if (!rotate.isPending) rotate.mutate(id, { onSuccess: (answer) => setSecret(answer) });
            }}
          >
            {endpoint.hasSecret ? 'Rotate secret' : 'Make signing secret'}
          </Button>
          <Button
            kind="tertiary"
            size="md"
            renderIcon={Send}
            disabled={!sendable || ping.isPending}
            onClick={() =>
              ping.mutate(id, {
                onSuccess: () => showToast({ kind: 'success', title: 'Test ping queued' }),
              })
            }
          >
            Send test ping
          </Button>
        </div>
      )}
      {deliveries.isSuccess ? (
        <>
          <WebhookDeliveriesTable
            deliveries={deliveries.data.data}
            canResend={canEdit && sendable}
            resending={resend.isPending ? (resend.variables?.deliveryId ?? null) : null}
            onResend={(delivery) =>
              resend.mutate(
                { automationId: id, deliveryId: delivery.id },
                { onSuccess: () => showToast({ kind: 'success', title: 'Sending again now' }) },
              )
            }
          />
          <SectionPager
            page={page}
            pageSize={WEBHOOK_DELIVERIES_PAGE_SIZE}
            pagination={deliveries.data.pagination}
            disabled={deliveries.isPlaceholderData}
            onPage={setPage}
          />
        </>
      ) : (
        <SectionLoadState query={deliveries} errorTitle="The deliveries could not be loaded" />
      )}
      {attempts.isSuccess ? (
        <>
          <WebhookAttemptsTable attempts={attempts.data.data} />
          <SectionPager
            page={attemptsPage}
            pageSize={WEBHOOK_ATTEMPTS_PAGE_SIZE}
            pagination={attempts.data.pagination}
            disabled={attempts.isPlaceholderData}
            onPage={setAttemptsPage}
          />
        </>
      ) : (
        <SectionLoadState query={attempts} errorTitle="The delivery log could not be loaded" />
      )}
      {secret && (
        <WebhookSecretModal
          secret={secret.secret}
          previousValidUntil={secret.endpoint.previousSecretExpiresAt}
          onClose={() => setSecret(null)}
        />
      )}
    </Stack>
  );
}
