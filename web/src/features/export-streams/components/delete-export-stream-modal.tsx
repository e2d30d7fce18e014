import type { ExportStream } from '@scamtrail/domain/export-streams';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { failureMessage } from '../../../lib/api-error';
import { useDeleteExportStream } from '../api/delete-export-stream';

/** Confirms deleting a stream: whatever reads it gets 404 from then on. The events themselves stay. */
export function DeleteExportStreamModal({ stream, onClose }: { stream: ExportStream; onClose: () => void }) {
  const remove = useDeleteExportStream();
  const { showToast } = useToast();
  return (
    <ConfirmModal
      title={`Delete export stream “${stream.name}”?`}
      primaryButtonText="Delete"
      busy={remove.isPending}
      loadingDescription="Deleting..."
      failure={failureMessage(remove.error, 'Failed to delete the export stream')}
      failureTitle="Not deleted"
      onConfirm={() =>
        remove.mutate(stream.id, {
          onSuccess: () => {
            showToast({ kind: 'success', title: 'Export stream deleted', subtitle: stream.name });
            onClose();
          },
        })
      }
      onClose={onClose}
    >
      <p>
        Readers using it will get 404 from now on. To stop them for a while instead, pause it. This cannot be
        undone.
      </p>
    </ConfirmModal>
  );
}
