import { useState } from 'react';
import { z } from 'zod';
import { CASE_LINK_NOTE_MAX_LENGTH, type CaseRef } from '@scamtrail/domain/cases';
import { text } from '@scamtrail/domain/text';
import { CasePicker } from '../../../components/case-picker/case-picker';
import { FormModal } from '../../../components/form-modal';
import { TextArea } from '../../../components/text-fields';
import { useToast } from '../../../components/toasts/toast-context';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useLinkCase } from '../api/case-links';

const FIELDS = ['caseId', 'note'] as const;

/** The server checks the case too (itself, hidden, missing) and names `caseId` when it refuses. */
export const linkCaseFormSchema = z.object({
  caseId: text({ label: 'Case', required: 'Choose the case to link' }),
  note: text({ label: 'Note', max: CASE_LINK_NOTE_MAX_LENGTH }),
});

interface LinkCaseModalProps {
  caseItem: Pick<CaseRef, 'id' | 'number' | 'title'>;
  /** The cases the panel shows linked already: not offered again (the server answers 409 for any). */
  linkedIds: readonly string[];
  onClose: () => void;
}

/** Links another case to this one, with why they belong together; the link shows on both. */
export function LinkCaseModal({ caseItem, linkedIds, onClose }: LinkCaseModalProps) {
  const [caseId, setCaseId] = useState('');
  const [note, setNote] = useState('');
  const { errorProps, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    'Failed to link the cases',
  );
  const link = useLinkCase();
  const { showToast } = useToast();

  async function submit() {
    await run(linkCaseFormSchema.safeParse({ caseId, note }), async (body) => {
      const saved = await link.mutateAsync({ caseId: caseItem.id, body });
      showToast({
        kind: 'success',
        title: 'Cases linked',
        subtitle: `#${caseItem.number} and #${saved.case.number}`,
      });
      onClose();
    });
  }

  return (
    <FormModal
      size="sm"
      title="Link a case"
      label={`#${caseItem.number} ${caseItem.title}`}
      primaryButtonText="Link"
      loadingDescription="Linking..."
      loading={link.isPending}
      formError={formError}
      formErrorTitle="Not linked"
      formRef={formRef}
      onSubmit={submit}
      onClose={onClose}
    >
      <CasePicker
        id="case-link-case"
        excludeIds={[caseItem.id, ...linkedIds]}
        titleText="Case"
        placeholder="Search cases by title"
        value={caseId}
        onChange={(next) => {
          setCaseId(next);
          clearError('caseId');
        }}
        invalidText={errorProps('caseId').invalidText}
      />
      <TextArea
        id="case-link-note"
        labelText="Why they belong together (optional)"
        helperText="The same perpetrator, the same mule account, one victim's two reports..."
        rows={3}
        enableCounter
        maxCount={CASE_LINK_NOTE_MAX_LENGTH}
        value={note}
        onChange={(event) => {
          setNote(event.target.value);
          clearError('note');
        }}
        {...errorProps('note')}
      />
    </FormModal>
  );
}
