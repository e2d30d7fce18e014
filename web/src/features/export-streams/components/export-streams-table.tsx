import type { ReactNode } from 'react';
import type { ExportStream } from '@scamtrail/domain/export-streams';
import { AppDataTable } from '../../../components/data-table/app-data-table';
import type { TableColumn } from '../../../components/data-table/data-table-types';
import { RowActionsMenu, type RowMenuAction } from '../../../components/row-actions-menu';
import { EMPTY_CELL, formatDateTime } from '../../../lib/format';
import { ExportStreamCasesTags, ExportStreamStatusTag, ExportTopicTags } from './export-stream-tags';

const COLUMNS: TableColumn[] = [
  { key: 'name', header: 'Name' },
  { key: 'topics', header: 'Topics' },
  { key: 'cases', header: 'Cases' },
  { key: 'status', header: 'Status' },
  { key: 'lastReadAt', header: 'Last read' },
  { key: 'createdBy', header: 'Created by' },
  { key: 'createdAt', header: 'Created' },
  { key: 'actions', header: 'Actions' },
];

interface ExportStreamsTableProps {
  streams: ExportStream[];
  loading: boolean;
  emptyState: ReactNode;
  /** Opens the stream's details: how to read it, and a preview of its events. */
  onOpen: (stream: ExportStream) => void;
  /** The row's actions; none hides the menu. */
  actionsFor: (stream: ExportStream) => RowMenuAction[];
}

/** One page of export streams; the name opens the stream. */
export function ExportStreamsTable({
  streams,
  loading,
  emptyState,
  onOpen,
  actionsFor,
}: ExportStreamsTableProps) {
  const byId = new Map(streams.map((stream) => [stream.id, stream]));
  const rows = streams.map((stream) => ({
    id: stream.id,
    name: stream.name,
    topics: '',
    cases: '',
    status: stream.status,
    lastReadAt: formatDateTime(stream.lastReadAt, 'Never'),
    // The user who created it may since have been removed.
    createdBy: stream.createdBy ?? EMPTY_CELL,
    createdAt: formatDateTime(stream.createdAt),
    actions: '',
  }));

  return (
    <AppDataTable
      title="Export streams"
      headers={COLUMNS}
      rows={rows}
      sortable={false}
      paginate={false}
      loading={loading}
      emptyState={emptyState}
      renderCell={{
        name: (row) => (
          <button
            type="button"
            className="cds--link export-streams__open"
            onClick={() => onOpen(byId.get(row.id)!)}
          >
            {row.name}
          </button>
        ),
        topics: (row) => <ExportTopicTags topics={byId.get(row.id)!.topics} />,
        cases: (row) => <ExportStreamCasesTags groups={byId.get(row.id)!.groups} />,
        status: (row) => <ExportStreamStatusTag status={byId.get(row.id)!.status} />,
        actions: (row) => <RowActionsMenu label={row.name} actions={actionsFor(byId.get(row.id)!)} />,
      }}
    />
  );
}
