import { TextArea } from '../../../../components/text-fields';
import { useState } from 'react';
import {
  JOURNAL_ENTRY_TYPE_LABELS,
  REMOVAL_REASON_MAX_LENGTH,
  removeJournalEntryBodySchema,
  type JournalEntry,
} from '@scamtrail/domain/journal-entries';
import { FormModal } from '../../../../components/form-modal';
import { useToast } from '../../../../components/toasts/toast-context';
import { formatDateTime } from '../../../../lib/format';
import { useFormSubmission } from '../../../../lib/use-form-submission';
import { useRemoveJournalEntry } from '../api/journal-remove-entry';

const FIELDS = ['reason'] as const;

interface RemoveEntryDialogProps {
  caseId: string;
  entry: JournalEntry;
  onClose: () => void;
}

/**
 * Removes an entry with a reason. Nothing is deleted: the entry is nullified, hidden from the
 * timeline and shown struck through, with the reason, when removed entries are shown.
 */
export function RemoveEntryDialog({ caseId, entry, onClose }: RemoveEntryDialogProps) {
  const [reason, setReason] = useState('');
  const { errorProps, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    'Failed to remove the entry',
  );
  const remove = useRemoveJournalEntry();
  const { showToast } = useToast();

  async function submit() {
    await run(removeJournalEntryBodySchema.safeParse({ reason, caseId }), async (body) => {
      await remove.mutateAsync({ id: entry.id, ...body });
      showToast({ kind: 'success', title: 'Entry removed', subtitle: body.reason });
      onClose();
    });
  }

  return (
    <FormModal
      danger
      size="sm"
      title="Remove entry"
      label={`${JOURNAL_ENTRY_TYPE_LABELS[entry.type]} · ${formatDateTime(entry.performedAt)}`}
      primaryButtonText="Remove"
      loading={remove.isPending}
      loadingDescription="Removing..."
      formError={formError}
      formErrorTitle="Not removed"
      formRef={formRef}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="timeline-dialog__text">
        The entry stays on record with your reason, who removed it and when. It is hidden from the timeline
        unless removed entries are shown.
      </p>
      <TextArea
        id="journal-remove-reason"
        labelText="Reason"
        helperText="Required. Why this entry no longer stands (a duplicate, a mistake, wrong case)."
        rows={3}
        maxCount={REMOVAL_REASON_MAX_LENGTH}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          clearError('reason');
        }}
        {...errorProps('reason')}
      />
    </FormModal>
  );
}
