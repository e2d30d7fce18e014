import { Tag } from '@carbon/react';
import { Send } from '@carbon/icons-react';
import {
  WEBHOOK_ATTEMPT_OUTCOME_LABELS,
  type WebhookAttempt,
  type WebhookAttemptOutcome,
} from '@scamtrail/domain/webhooks';
import { AppDataTable } from '../../../components/data-table/app-data-table';
import type { TableColumn } from '../../../components/data-table/data-table-types';
import { EmptyState } from '../../../components/empty-state';
import { EMPTY_CELL, formatDateTime } from '../../../lib/format';

const COLUMNS: TableColumn[] = [
  { key: 'startedAt', header: 'Sent' },
  { key: 'type', header: 'Event' },
  { key: 'attempt', header: 'Attempt' },
  { key: 'outcome', header: 'Outcome' },
  { key: 'answer', header: 'Status' },
  { key: 'duration', header: 'Duration' },
  { key: 'response', header: 'Response' },
];

const OUTCOME_TAG: Record<WebhookAttemptOutcome, 'blue' | 'green' | 'red' | 'gray'> = {
  sending: 'blue',
  delivered: 'green',
  failed: 'red',
  interrupted: 'gray',
};

/** The webhook's delivery log: every attempt, newest first, with the receiver's answer. */
export function WebhookAttemptsTable({ attempts }: { attempts: WebhookAttempt[] }) {
  const rows = attempts.map((a) => ({
    id: a.id,
    startedAt: formatDateTime(a.startedAt),
    type: a.eventId ? `${a.type} (event ${a.eventId})` : a.type,
    attempt: a.byHand ? `${a.attempt}, sent again by hand` : String(a.attempt),
    outcome: a.outcome,
    answer:
      a.statusCode !== null ? `HTTP ${a.statusCode}` : a.outcome === 'sending' ? EMPTY_CELL : 'No answer',
    duration: a.durationMs === null ? EMPTY_CELL : `${a.durationMs} ms`,
    response: a.response || EMPTY_CELL,
  }));
  return (
    <AppDataTable
      title="Delivery log"
      description="Every attempt of every delivery, newest first: its event, number, outcome and the start of the receiver's answer."
      headers={COLUMNS}
      rows={rows}
      sortable={false}
      paginate={false}
      rowLabel={(row) => `${row.type}, attempt ${row.attempt}`}
      emptyState={
        <EmptyState
          icon={Send}
          title="No attempts yet"
          description="Each attempt to send a delivery is listed here with the receiver's answer."
        />
      }
      renderCell={{
        type: (row) => <code className="automation-page__code">{row.type}</code>,
        outcome: (row) => (
          <Tag type={OUTCOME_TAG[row.outcome as WebhookAttemptOutcome]} size="sm">
            {WEBHOOK_ATTEMPT_OUTCOME_LABELS[row.outcome as WebhookAttemptOutcome]}
          </Tag>
        ),
        response: (row) => <span className="automation-page__response">{row.response}</span>,
      }}
    />
  );
}
