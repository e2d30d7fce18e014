import type { AutomationDetail } from '@scamtrail/domain/automations';
import { DescriptionList } from '../../../components/description-list';
import { formatDateTime } from '../../../lib/format';
import { AutomationStatusTag } from './automation-status-tag';

/** What the automation is and when it last acted. */
export function AutomationDetails({ automation }: { automation: AutomationDetail }) {
  return (
    <DescriptionList
      aria-label="Automation details"
      items={[
        { label: 'System name', value: automation.systemName ?? automation.name },
        { label: 'Description', value: automation.description || '—' },
        { label: 'Webhook URL', value: automation.webhookUrl || 'None' },
        { label: 'Status', value: <AutomationStatusTag active={automation.active} /> },
        { label: 'Last triggered', value: formatDateTime(automation.lastTriggered, 'Never') },
        { label: 'Created', value: formatDateTime(automation.createdAt) },
        { label: 'Last updated', value: formatDateTime(automation.updatedAt) },
      ]}
    />
  );
}
