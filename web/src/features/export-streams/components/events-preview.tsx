import { Button, InlineLoading, InlineNotification, Stack } from '@carbon/react';
import { View } from '@carbon/icons-react';
import { useState } from 'react';
import type { ExportEvent } from '@scamtrail/domain/export-streams';
import { AppDataTable } from '../../../components/data-table/app-data-table';
import type { TableColumn } from '../../../components/data-table/data-table-types';
import { failureMessage, isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { PREVIEW_LIMIT, useExportEventsPreview } from '../api/get-export-events';

const COLUMNS: TableColumn[] = [
  { key: 'type', header: 'Type' },
  { key: 'occurredAt', header: 'Time' },
  { key: 'subject', header: 'Subject' },
];

function EventsTable({ events }: { events: ExportEvent[] }) {
  const rows = events.map((event) => ({
    id: event.id,
    type: event.type,
    occurredAt: formatDateTime(event.occurredAt),
    subject: `${event.subject.type} ${event.subject.id}`,
  }));
  return (
    <AppDataTable
      title={`First ${PREVIEW_LIMIT} events`}
      headers={COLUMNS}
      rows={rows}
      sortable={false}
      paginate={false}
      renderCell={{ type: (row) => <code>{row.type}</code> }}
    />
  );
}

/** What the preview read: the events, none yet, a paused stream's refusal, or why it failed. */
function PreviewResult({ query }: { query: ReturnType<typeof useExportEventsPreview> }) {
  if (query.isError) {
    // Paused: the server's answer says so, and what to do about it.
    if (isApiError(query.error) && query.error.status === 409) {
      return (
        <InlineNotification
          kind="warning"
          lowContrast
          hideCloseButton
          title="The stream is paused"
          subtitle={query.error.message}
        />
      );
    }
    const failure = failureMessage(query.error, 'The server did not answer.');
    return (
      failure && (
        <InlineNotification
          kind="error"
          lowContrast
          hideCloseButton
          title="Preview failed"
          subtitle={failure}
        />
      )
    );
  }
  if (query.isPending) return <InlineLoading description="Reading events..." />;
  const { data, hasMore } = query.data;
  if (data.length === 0) {
    return (
      <p className="export-stream-detail__text">
        No events yet: events of its topics show here as they happen.
      </p>
    );
  }
  return (
    <>
      <EventsTable events={data} />
      {hasMore && (
        <p className="export-stream-detail__text">
          More follow: a reader gets them by sending the answer’s <code>next</code> as <code>after</code>.
        </p>
      )}
    </>
  );
}

/**
 * Reads the stream's oldest events, as a new reader would, on request: a preview of what it carries.
 * It is not a reader's read, so the stream's last read stays as it is.
 */
export function EventsPreview({ streamId }: { streamId: string }) {
  const [requested, setRequested] = useState(false);
  const query = useExportEventsPreview(streamId, requested);
  return (
    <Stack gap={5}>
      <p className="export-stream-detail__text">
        The first {PREVIEW_LIMIT} events a new reader would get. Previewing does not change its last read.
      </p>
      <div>
        <Button
          kind="tertiary"
          size="sm"
          renderIcon={View}
          onClick={() => (requested ? void query.refetch() : setRequested(true))}
        >
          Preview
        </Button>
      </div>
      {requested &&
        (query.isFetching ? (
          <InlineLoading description="Reading events..." />
        ) : (
          <PreviewResult query={query} />
        ))}
    </Stack>
  );
}
