import { InlineNotification, Stack } from '@carbon/react';
import { TextArea, TextInput } from '../../../components/text-fields';
import { useState } from 'react';
import { updateEvidenceBodySchema, type UpdateEvidenceBody } from '@scamtrail/domain/evidence';
import { hasPermission } from '@scamtrail/domain/permissions';
import { describeChanges, rebaseIds, rebaseValues } from '../../../lib/edit-conflicts';
import { useSession } from '../../../lib/session';
import { useEditConflict } from '../../../lib/use-edit-conflict';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { AppModal } from '../../../components/app-modal';
import { EditConflictNotice } from '../../../components/edit-conflict-notice';
import { submitOnEnter } from '../../../components/submit-on-enter';
import { useToast } from '../../../components/toasts/toast-context';
import type { EvidenceItem } from '../api/evidence-types';
import { useUpdateEvidence } from '../api/update-evidence';
import { caseLabel } from '@scamtrail/domain/case-labels';
import { CasePicker } from '../../../components/case-picker/case-picker';
import { TagPicker } from '../../../components/tags/tag-picker';

const FIELDS = ['title', 'description', 'tagIds', 'caseId'] as const;

interface EditEvidenceModalProps {
  item: EvidenceItem;
  onClose: () => void;
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** Only what the person changed goes to the server: the rest stays as it is there, whoever changed it since. */
function changesOf(item: EvidenceItem, values: Required<UpdateEvidenceBody>): UpdateEvidenceBody {
  const changes: UpdateEvidenceBody = {};
  if (values.title !== item.title) changes.title = values.title;
  if (values.description !== item.description) changes.description = values.description;
  const tagIds = item.tags.map((tag) => tag.id);
  if (!sameIds(values.tagIds, tagIds)) changes.tagIds = values.tagIds;
  if (values.caseId !== (item.case?.id ?? null)) changes.caseId = values.caseId;
  return changes;
}

const formValues = (item: EvidenceItem) => ({
  title: item.title,
  description: item.description,
  caseId: item.case?.id ?? '',
});
const tagIdsOf = (item: EvidenceItem) => item.tags.map((tag) => tag.id);

/** What someone else changed in an evidence item, each as "Field: its value now". */
export function describeEvidenceChanges(base: EvidenceItem, current: EvidenceItem): string[] {
  return describeChanges(base, current, [
    { label: 'Title', valueOf: (item) => item.title },
    { label: 'Description', valueOf: (item) => item.description },
    {
      label: 'Tags',
      valueOf: (item) => tagIdsOf(item).sort(),
      show: (item) => item.tags.map((tag) => tag.name).join(', '),
    },
    {
      label: 'Case',
      valueOf: (item) => item.case?.id ?? null,
      show: (item) => (item.case ? caseLabel(item.case) : 'not in a case'),
    },
  ]);
}

/**
 * "Edit evidence": title, description, tags and case (moved to another one, or taken out of its own).
 * The file and written text never change. The server records each change in the chain of custody.
 */
export function EditEvidenceModal({ item, onClose }: EditEvidenceModalProps) {
  const { user } = useSession();
  const { showToast } = useToast();
  const [values, setValues] = useState(() => formValues(item));
  const { title, description, caseId } = values;
  const set = (next: Partial<typeof values>) => setValues((current) => ({ ...current, ...next }));
  const [tagIds, setTagIds] = useState(() => tagIdsOf(item));
  const edit = useEditConflict(item);
  // The version being edited: the item as opened, or the current one once reloaded onto it.
  const base = edit.base ?? item;
  const update = useUpdateEvidence(item.id);
  const form = useFormSubmission(FIELDS, 'The evidence could not be saved');
  const { errorProps, clearError } = form;
  const canPickCase = hasPermission(user?.permissions, 'case.view');

  async function save() {
    const values = { title, description, tagIds, caseId: caseId || null };
    // Every field is given, so the schema's "Nothing to update" cannot apply here.
    const parsed = updateEvidenceBodySchema.safeParse(values);
    await form.run(parsed, async (data) => {
      const changes = changesOf(base, data as Required<UpdateEvidenceBody>);
      if (Object.keys(changes).length > 0) {
        let saved: EvidenceItem;
        try {
          saved = await update.mutateAsync({ body: changes, base });
        } catch (error) {
          if (edit.caught(error)) return;
          throw error;
        }
        showToast({ kind: 'success', title: 'Evidence saved', subtitle: saved.title });
      }
      onClose();
    });
  }

  return (
    <AppModal
      open
      size="md"
      label={item.title}
      title="Edit evidence"
      primaryButtonText="Save"
      loading={update.isPending}
      loadingDescription="Saving..."
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <Stack
        gap={6}
        ref={form.formRef}
        className="evidence-edit"
        onKeyDown={submitOnEnter(() => void save(), update.isPending)}
      >
        {edit.base && edit.conflict && (
          <EditConflictNotice
            what="evidence"
            changes={describeEvidenceChanges(edit.base, edit.conflict)}
            onReload={() =>
              edit.reload((from, to) => {
                setValues(rebaseValues(values, formValues(from), formValues(to)));
                setTagIds(rebaseIds(tagIds, tagIdsOf(from), tagIdsOf(to)));
              })
            }
          />
        )}
        {form.formError && (
          <InlineNotification
            kind="error"
            lowContrast
            hideCloseButton
            title="Not saved"
            subtitle={form.formError}
          />
        )}
        <TextInput
          id="evidence-edit-title"
          labelText="Title"
          value={title}
          onChange={(event) => {
            set({ title: event.target.value });
            clearError('title');
          }}
          {...errorProps('title')}
        />
        <TextArea
          id="evidence-edit-description"
          labelText="Description (optional)"
          rows={3}
          value={description}
          onChange={(event) => {
            set({ description: event.target.value });
            clearError('description');
          }}
          {...errorProps('description')}
        />
        <TagPicker
          id="evidence-edit-tags"
          titleText="Tags"
          unavailableText="Its tags stay as they are."
          known={[...item.tags, ...base.tags]}
          selectedIds={tagIds}
          onChange={(ids) => {
            setTagIds(ids);
            clearError('tagIds');
          }}
          invalidText={form.fieldErrors.tagIds}
        />
        {canPickCase ? (
          <CasePicker
            id="evidence-edit-case"
            titleText="Case"
            placeholder="Search cases by title"
            helperText="Clear it to take the evidence out of its case."
            value={caseId}
            invalidText={form.fieldErrors.caseId}
            onChange={(id) => {
              set({ caseId: id });
              clearError('caseId');
            }}
          />
        ) : (
          <div className="evidence-add__case">
            <span className="cds--label">Case</span>
            <p>{base.case ? caseLabel(base.case) : 'Not in a case'}</p>
          </div>
        )}
      </Stack>
    </AppModal>
  );
}
