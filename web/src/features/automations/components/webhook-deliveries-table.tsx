import { Button, Tag } from '@carbon/react';
import { Send } from '@carbon/icons-react';
import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@scamtrail/domain/webhooks';
import { AppDataTable } from '../../../components/data-table/app-data-table';
import type { TableColumn } from '../../../components/data-table/data-table-types';
import { EmptyState } from '../../../components/empty-state';
import { EMPTY_CELL, formatDateTime } from '../../../lib/format';

const COLUMNS: TableColumn[] = [
  { key: 'type', header: 'Event' },
  { key: 'status', header: 'Status' },
  { key: 'attempts', header: 'Attempts' },
  { key: 'lastAttemptAt', header: 'Last attempt' },
  { key: 'answer', header: 'Answer' },
  { key: 'response', header: 'Response' },
  { key: 'nextAttemptAt', header: 'Next attempt' },
  { key: 'actions', header: 'Actions', sortable: false },
];

const STATUS_TAG: Record<WebhookDeliveryStatus, 'blue' | 'green' | 'red'> = {
  pending: 'blue',
  delivered: 'green',
  failed: 'red',
};

interface WebhookDeliveriesTableProps {
  deliveries: WebhookDelivery[];
  /** Offers sending a delivery again. */
  canResend: boolean;
  resending: string | null;
  onResend: (delivery: WebhookDelivery) => void;
}

/** The webhook's delivery log: each delivery's latest attempt and the next one. */
export function WebhookDeliveriesTable({
  deliveries,
  canResend,
  resending,
  onResend,
}: WebhookDeliveriesTableProps) {
  const byId = new Map(deliveries.map((d) => [d.id, d]));
  const rows = deliveries.map((d) => ({
    id: d.id,
    type: d.eventId ? `${d.type} (event ${d.eventId})` : d.type,
    status: d.status,
    attempts: String(d.attempts),
    lastAttemptAt: formatDateTime(d.lastAttemptAt, 'Not yet'),
    answer:
      d.lastAttemptAt === null
        ? EMPTY_CELL
        : `${d.lastStatusCode === null ? 'No answer' : `HTTP ${d.lastStatusCode}`}${
            d.lastDurationMs === null ? '' : ` in ${d.lastDurationMs} ms`
          }`,
    response: d.lastResponse || EMPTY_CELL,
    nextAttemptAt: formatDateTime(d.nextAttemptAt),
    actions: '',
  }));
  return (
    <AppDataTable
      title="Deliveries"
      description="Newest first. Each is sent with its own webhook-id, the same on every attempt. Send again makes one more attempt now: a waiting delivery keeps its retries after it, an ended one gets that attempt alone."
      headers={canResend ? COLUMNS : COLUMNS.filter((column) => column.key !== 'actions')}
      rows={rows}
      sortable={false}
      paginate={false}
      rowLabel={(row) => row.type}
      emptyState={
        <EmptyState
          icon={Send}
          title="No deliveries yet"
          description="Events of the topics it receives, and test pings, are listed here once queued."
        />
      }
      renderCell={{
        type: (row) => <code className="automation-page__code">{row.type}</code>,
        status: (row) => (
          <Tag type={STATUS_TAG[row.status as WebhookDeliveryStatus]} size="sm">
            {WEBHOOK_DELIVERY_STATUS_LABELS[row.status as WebhookDeliveryStatus]}
          </Tag>
        ),
        response: (row) => <span className="automation-page__response">{row.response}</span>,
        actions: (row) => (
          <Button
            kind="ghost"
            size="sm"
            disabled={resending === row.id}
            onClick={() => onResend(byId.get(row.id)!)}
          >
            Send again<span className="cds--visually-hidden"> {row.type}</span>
          </Button>
        ),
      }}
    />
  );
}
