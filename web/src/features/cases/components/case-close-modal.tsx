import { Select, SelectItem } from '@carbon/react';
import { TextArea } from '../../../components/text-fields';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CASE_RESOLUTION_LABELS,
  CASE_RESOLUTIONS,
  CLOSURE_NOTES_MAX_LENGTH,
  type Case,
} from '@scamtrail/domain/cases';
import { text } from '@scamtrail/domain/text';
import { FormModal } from '../../../components/form-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { CasePicker } from '../../../components/case-picker/case-picker';
import { EditConflictNotice } from '../../../components/edit-conflict-notice';
import { useEditConflict } from '../../../lib/use-edit-conflict';
import { caseKeys } from '../api/query-keys';
import { useUpdateCase } from '../api/update-case';
import { describeCaseChanges } from './case-form-conflict';

const FIELDS = ['resolution', 'closureNotes', 'duplicateOfId'] as const;

/** Closing needs both; the server refuses a close without either, naming the field. */
export const closeCaseFormSchema = z.object({
  resolution: z.enum(CASE_RESOLUTIONS, { message: 'A resolution is required to close a case' }),
  closureNotes: text({
    label: 'Closure notes',
    max: CLOSURE_NOTES_MAX_LENGTH,
    required: 'Closure notes are required to close a case',
  }),
});

interface CaseCloseModalProps {
  caseItem: Case;
  onClose: () => void;
}

/**
 * Closes a case with its resolution and closure notes; a duplicate may name the case it repeats, so
 * that whoever opens it goes on to where the work carries on. The close is made from the version the
 * dialog opened on: when someone else changed the case since (closed it with their own notes, say),
 * it is refused, says what changed and offers Reload, and the notes typed here stay.
 */
export function CaseCloseModal({ caseItem: opened, onClose }: CaseCloseModalProps) {
  const edit = useEditConflict(opened);
  const caseItem = edit.base ?? opened;
  const queryClient = useQueryClient();
  const [resolution, setResolution] = useState('');
  const [closureNotes, setClosureNotes] = useState('');
  const [duplicateOfId, setDuplicateOfId] = useState('');
  const { errorProps, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    'Failed to close the case',
  );
  const update = useUpdateCase();
  const { showToast } = useToast();

  async function submit() {
    await run(closeCaseFormSchema.safeParse({ resolution, closureNotes }), async (fields) => {
      const original = fields.resolution === 'duplicate' && duplicateOfId ? { duplicateOfId } : {};
      const body = { status: 'closed' as const, ...fields, ...original };
      try {
        await update.mutateAsync({ id: caseItem.id, body, base: caseItem });
      } catch (error) {
        const current = edit.caught(error);
        if (!current) throw error;
        queryClient.setQueryData(caseKeys.detail(current.id), current);
        return;
      }
      showToast({
        kind: 'success',
        title: 'Case closed',
        subtitle: `#${caseItem.number}: ${CASE_RESOLUTION_LABELS[fields.resolution]}`,
      });
      onClose();
    });
  }

  return (
    <FormModal
      size="sm"
      title="Close case"
      label={`#${caseItem.number} ${caseItem.title}`}
      primaryButtonText="Close case"
      loadingDescription="Closing..."
      loading={update.isPending}
      formError={formError}
      formErrorTitle="Not closed"
      formRef={formRef}
      onSubmit={submit}
      onClose={onClose}
      primaryButtonDisabled={Boolean(edit.conflict)}
    >
      {edit.base && edit.conflict && (
        <EditConflictNotice
          what="case"
          changes={describeCaseChanges(edit.base, edit.conflict)}
          onReload={() => edit.reload(() => update.reset())}
        />
      )}
      <Select
        id="case-close-resolution"
        labelText="Resolution"
        value={resolution}
        onChange={(event) => {
          setResolution(event.target.value);
          clearError('resolution');
        }}
        {...errorProps('resolution')}
      >
        <SelectItem value="" text="Choose a resolution" disabled hidden />
        {CASE_RESOLUTIONS.map((value) => (
          <SelectItem key={value} value={value} text={CASE_RESOLUTION_LABELS[value]} />
        ))}
      </Select>
      {resolution === 'duplicate' && (
        <CasePicker
          id="case-close-duplicate-of"
          excludeIds={[caseItem.id]}
          titleText="Duplicate of (optional)"
          placeholder="Search cases by title"
          helperText="The case this one repeats, where the work carries on."
          value={duplicateOfId}
          onChange={(caseId) => {
            setDuplicateOfId(caseId);
            clearError('duplicateOfId');
          }}
          invalidText={errorProps('duplicateOfId').invalidText}
        />
      )}
      <TextArea
        id="case-close-notes"
        labelText="Closure notes"
        helperText="What was found and done, for whoever reads the case later."
        rows={5}
        value={closureNotes}
        onChange={(event) => {
          setClosureNotes(event.target.value);
          clearError('closureNotes');
        }}
        {...errorProps('closureNotes')}
      />
    </FormModal>
  );
}
