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

/**
 * What a subject the reader may not see (or one no longer there) is called instead of its name: its
 * kind only. Sessions, keys and the like have no name to give, so their kind and id show as they are.
 */
const UNNAMED_SUBJECTS: Readonly<Record<string, string>> = {
  case: 'A case',
  journal_entry: 'A journal entry',
  evidence: 'Evidence',
  identifier: 'An identifier',
  group: 'A group',
  tag: 'A tag',
  user: 'A person',
};

/** The subject as a person reads it: its name ("#12 Its title"), else what kind of record it is. */
export function subjectLabel({ subject }: ExportEvent, names: Readonly<Record<string, string>>): string {
  return names[subject.id] ?? UNNAMED_SUBJECTS[subject.type] ?? `${subject.type} ${subject.id}`;
}

function EventsTable({ events, names }: { events: ExportEvent[]; names: Record<string, string> }) {
  const rows = events.map((event) => ({
    id: event.id,
    type: event.type,
    occurredAt: formatDateTime(event.occurredAt),
    subject: subjectLabel(event, names),
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
  const { data, hasMore, names } = query.data;
  if (data.length === 0) {
    return (
      <p className="export-stream-detail__text">
        No events yet: events of its topics show here as they happen.
      </p>
    );
  }
  return (
    <>
      <EventsTable events={data} names={names} />
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
