import { Button } from '@carbon/react';
import { Add } from '@carbon/icons-react';
import { useState } from 'react';
import type { ExportStream, ExportStreamStatus } from '@scamtrail/domain/export-streams';
import { hasPermission } from '@scamtrail/domain/permissions';
import { ListPagination } from '../../../components/list-pagination';
import { PageLayout } from '../../../components/page-layout';
import { useToast } from '../../../components/toasts/toast-context';
import { useSession } from '../../../lib/session';
import { useListState } from '../../../lib/use-list-state';
import { useShowLastPage } from '../../../lib/use-show-last-page';
import { useMenuFocusReturn } from '../../../components/use-menu-focus-return';
import { useExportStreams } from '../api/get-export-streams';
import { useUpdateExportStream } from '../api/update-export-stream';
import { DeleteExportStreamModal } from '../components/delete-export-stream-modal';
import { ExportStreamDetailModal } from '../components/export-stream-detail-modal';
import { ExportStreamFormModal } from '../components/export-stream-form-modal';
import { useFailureToast } from '../../../lib/use-failure-toast';
import '../components/export-streams.scss';
import { ExportStreamsEmptyState } from '../components/export-streams-empty-state';
import { ExportStreamsTable } from '../components/export-streams-table';
import { sectionTrail } from '../../../app/breadcrumbs';

type Dialog = { kind: 'create' } | { kind: 'detail' | 'edit' | 'delete'; stream: ExportStream };

const STATUS_CHANGED = { paused: 'Export stream paused', active: 'Export stream resumed' } as const;

/** Export Streams (/export-streams, admin): the feeds other systems read the product's events from. */
export function ExportStreamsRoute() {
  const { user } = useSession();
  const { showToast } = useToast();
  const showFailure = useFailureToast();
  const list = useListState({});
  const { page, pageSize, onChange: changePage } = list.pagination;
  const query = useExportStreams({ page, pageSize });
  const update = useUpdateExportStream();
  const returnFocusToMenu = useMenuFocusReturn();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const canEdit = hasPermission(user?.permissions, 'export.edit');
  const streams = query.isError ? [] : (query.data?.data ?? []);
  const create = () => setDialog({ kind: 'create' });
  const close = () => setDialog(null);

  // The last stream of the last page deleted: show the page before.
  useShowLastPage(page, query.isPlaceholderData ? undefined : query.data?.pagination.totalPages, (changes) =>
    changePage(changes.page, pageSize),
  );

  /** Pausing takes nothing away (readers resume from their cursor), so neither it nor Resume asks first. */
  function setStatus(stream: ExportStream, status: ExportStreamStatus) {
    returnFocusToMenu();
    update.mutate(
      { id: stream.id, body: { status } },
      {
        onSuccess: (saved) =>
          showToast({ kind: 'success', title: STATUS_CHANGED[status], subtitle: saved.name }),
        onError: (error) => showFailure(error, { title: 'Not changed' }),
      },
    );
  }

  const actionsFor = (stream: ExportStream) =>
    canEdit
      ? [
          { label: 'Edit', onClick: () => setDialog({ kind: 'edit', stream }) },
          stream.status === 'active'
            ? { label: 'Pause', onClick: () => setStatus(stream, 'paused') }
            : { label: 'Resume', onClick: () => setStatus(stream, 'active') },
          { label: 'Delete', isDelete: true, onClick: () => setDialog({ kind: 'delete', stream }) },
        ]
      : [];

  return (
    <PageLayout
      breadcrumbs={sectionTrail('export-streams')}
      title="Export Streams"
      description="Feeds of what happens here (cases, journal entries, evidence, identifiers...) that other systems read with an automation's API key, each from where it last stopped."
      actions={
        canEdit && (
          <Button renderIcon={Add} onClick={create}>
            New stream
          </Button>
        )
      }
    >
      <ExportStreamsTable
        streams={streams}
        loading={query.isPending}
        onOpen={(stream) => setDialog({ kind: 'detail', stream })}
        actionsFor={actionsFor}
        emptyState={
          <ExportStreamsEmptyState
            error={query.isError ? query.error : null}
            canCreate={canEdit}
            onCreate={create}
            onRetry={() => void query.refetch()}
          />
        }
      />
      {!query.isError && (
        <ListPagination
          page={page}
          pageSize={pageSize}
          totalItems={query.data?.pagination.totalItems ?? 0}
          onChange={changePage}
        />
      )}
      {dialog?.kind === 'create' && <ExportStreamFormModal onClose={close} />}
      {dialog?.kind === 'edit' && <ExportStreamFormModal stream={dialog.stream} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteExportStreamModal stream={dialog.stream} onClose={close} />}
      {dialog?.kind === 'detail' && <ExportStreamDetailModal stream={dialog.stream} onClose={close} />}
    </PageLayout>
  );
}
