import type { AutomationDetail } from '@scamtrail/domain/automations';
import { DescriptionList } from '../../../components/description-list';
import { formatDateTime } from '../../../lib/format';
import { AutomationStatusTag } from './automation-status-tag';

/**
 * A webhook URL as the server answers it: in full to who may edit automations, else its origin alone
 * (the path or query may carry the receiver's token), which says so.
 */
export function webhookUrlText(url: string | null, full: boolean): string {
  if (!url) return 'None';
  return full ? url : `${url}/… (only those who may edit automations see the full address)`;
}

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
