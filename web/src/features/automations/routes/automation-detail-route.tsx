import { Button, InlineNotification } from '@carbon/react';
import { Add, Bot, Edit } from '@carbon/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { ApiKey, CreatedApiKey } from '@scamtrail/domain/automations';
import { hasPermission } from '@scamtrail/domain/permissions';
import { DetailQueryState } from '../../../components/detail-query-state';
import { PageLayout } from '../../../components/page-layout';
import { useSession } from '../../../lib/session';
import { useAutomation } from '../api/get-automation';
import { ApiKeySecretModal } from '../components/api-key-secret-modal';
import { ApiKeysTable } from '../components/api-keys-table';
import { AutomationDetails } from '../components/automation-details';
import { AutomationFormModal } from '../components/automation-form-modal';
import '../components/automation-page.scss';
import { CreateApiKeyModal } from '../components/create-api-key-modal';
import { RevokeApiKeyModal } from '../components/revoke-api-key-modal';
import { WebhookSection } from '../components/webhook-section';
import { paths } from '../../../lib/paths';
import { listTrail } from '../../../app/breadcrumbs';

type Dialog =
  | { kind: 'edit' }
  | { kind: 'create-key' }
  | { kind: 'secret'; created: CreatedApiKey }
  | { kind: 'revoke'; key: ApiKey };

const BREADCRUMBS = listTrail('automations');

/** Automation Detail (/automations/{id}): the automation, its edit dialog, its API keys and its webhook. */
export function AutomationDetailRoute() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const query = useAutomation(id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const canEdit = hasPermission(user?.permissions, 'automation.edit');
  const close = () => setDialog(null);

  if (!query.isSuccess) {
    return (
      <DetailQueryState
        query={query}
        breadcrumbs={BREADCRUMBS}
        title="Automation"
        icon={Bot}
        noun="automation"
        notFoundDescription="It may have been removed, or the link is wrong."
        back={{ to: paths.automations(), label: 'Back to automations' }}
      />
    );
  }

  const automation = query.data;
  return (
    <PageLayout
      breadcrumbs={BREADCRUMBS}
      title={automation.systemName ?? automation.name}
      description={automation.description || undefined}
      actions={
        canEdit && (
          <>
            <Button kind="tertiary" renderIcon={Edit} onClick={() => setDialog({ kind: 'edit' })}>
              Edit automation
            </Button>
            <Button renderIcon={Add} onClick={() => setDialog({ kind: 'create-key' })}>
              Create API key
            </Button>
          </>
        )
      }
    >
      <section className="page-section" aria-labelledby="automation-details">
        <h2 id="automation-details" className="page-section__title">
          Details
        </h2>
        <AutomationDetails automation={automation} canEdit={canEdit} />
      </section>
      <section className="page-section" aria-label="API keys">
        {!automation.active && (
          <InlineNotification
            kind="warning"
            lowContrast
            hideCloseButton
            title="This automation is inactive."
            subtitle="Its keys are refused until it is made active again."
          />
        )}
        <ApiKeysTable
          apiKeys={automation.apiKeys}
          canRevoke={canEdit}
          onRevoke={(key) => setDialog({ kind: 'revoke', key })}
        />
      </section>
      <section className="page-section" aria-labelledby="automation-webhook">
        <h2 id="automation-webhook" className="page-section__title">
          Webhook
        </h2>
        <WebhookSection automation={automation} canEdit={canEdit} />
      </section>
      {dialog?.kind === 'edit' && <AutomationFormModal automation={automation} onClose={close} />}
      {dialog?.kind === 'create-key' && (
        <CreateApiKeyModal
          automationId={automation.id}
          onClose={close}
          onCreated={(created) => setDialog({ kind: 'secret', created })}
        />
      )}
      {dialog?.kind === 'secret' && <ApiKeySecretModal created={dialog.created} onClose={close} />}
      {dialog?.kind === 'revoke' && (
        <RevokeApiKeyModal automationId={automation.id} apiKey={dialog.key} onClose={close} />
      )}
    </PageLayout>
  );
}
