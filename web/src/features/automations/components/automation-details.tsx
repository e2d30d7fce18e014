import type { AutomationDetail } from '@scamtrail/domain/automations';
import { DescriptionList } from '../../../components/description-list';
import { formatDateTime } from '../../../lib/format';
import { webhookUrlText } from '../../../lib/webhook-url';
import { AutomationStatusTag } from './automation-status-tag';

// Shared with the originator badge, which shows an automation's webhook URL too.

/** What the automation is and when it last acted; `canEdit`: the caller may edit automations. */
export function AutomationDetails({
  automation,
  canEdit,
}: {
  automation: AutomationDetail;
  canEdit: boolean;
}) {
  return (
    <DescriptionList
      aria-label="Automation details"
      items={[
        { label: 'System name', value: automation.systemName ?? automation.name },
        { label: 'Description', value: automation.description || '—' },
        { label: 'Webhook URL', value: webhookUrlText(automation.webhookUrl, canEdit) },
        { label: 'Status', value: <AutomationStatusTag active={automation.active} /> },
        { label: 'Last triggered', value: formatDateTime(automation.lastTriggered, 'Never') },
        { label: 'Created', value: formatDateTime(automation.createdAt) },
        { label: 'Last updated', value: formatDateTime(automation.updatedAt) },
      ]}
    />
  );
}
