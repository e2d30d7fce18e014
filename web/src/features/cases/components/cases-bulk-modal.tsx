import { Select, SelectItem } from '@carbon/react';
import { useState } from 'react';
import { z } from 'zod';
import {
  CASE_PRIORITIES,
  CASE_RESOLUTION_LABELS,
  CASE_RESOLUTIONS,
  CASE_STATUSES,
  CLOSURE_NOTES_MAX_LENGTH,
  type BulkUpdateCasesBody,
} from '@scamtrail/domain/cases';
import { CASE_PRIORITY_LABELS, CASE_STATUS_LABELS } from '@scamtrail/domain/case-labels';
import { text } from '@scamtrail/domain/text';
import { FormModal } from '../../../components/form-modal';
import { TagPicker } from '../../../components/tags/tag-picker';
import { TextArea } from '../../../components/text-fields';
import { useToast } from '../../../components/toasts/toast-context';
import { pluralise } from '../../identifiers/utils/format';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useBulkUpdateCases } from '../api/bulk-update-cases';
import { AssigneePicker } from './case-form-pickers';

const FIELDS = ['priority', 'status', 'resolution', 'closureNotes', 'addAssigneeIds', 'addTagIds'] as const;
const KEEP = '';

/** What the form sends: only the changes chosen; closing needs a resolution and notes, as one close does. */
export const bulkCasesFormSchema = z
  .object({
    priority: z.enum(CASE_PRIORITIES).optional(),
    status: z.enum(CASE_STATUSES).optional(),
    resolution: z.enum(CASE_RESOLUTIONS).optional(),
    closureNotes: text({ label: 'Closure notes', max: CLOSURE_NOTES_MAX_LENGTH }).optional(),
    addAssigneeIds: z.array(z.string()).optional(),
    addTagIds: z.array(z.string()).optional(),
  })
  .superRefine((form, ctx) => {
    if (form.status !== 'closed') return;
    if (!form.resolution) {
      ctx.addIssue({
        code: 'custom',
        path: ['resolution'],
        message: 'A resolution is required to close a case',
      });
    }
    if (!form.closureNotes) {
      ctx.addIssue({
        code: 'custom',
        path: ['closureNotes'],
        message: 'Closure notes are required to close a case',
      });
    }
  });

interface CasesBulkModalProps {
  ids: string[];
  onClose: () => void;
  /** After the change is saved, with the cases changed. */
  onSaved: () => void;
}

/**
 * One change to the cases chosen in the list: priority, status (closing with a resolution and notes),
 * assignees and tags added. All or none: a refusal of one case names it, and nothing is changed.
 */
export function CasesBulkModal({ ids, onClose, onSaved }: CasesBulkModalProps) {
  const [priority, setPriority] = useState(KEEP);
  const [status, setStatus] = useState(KEEP);
  const [resolution, setResolution] = useState(KEEP);
  const [closureNotes, setClosureNotes] = useState('');
  const [assigneeIds, setAssigneeIds] = useState<string[]>([]);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const { errorProps, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    'Failed to change the cases',
  );
  const bulk = useBulkUpdateCases();
  const { showToast } = useToast();
  const closing = status === 'closed';
  const count = pluralise(ids.length, 'case');
  // Until something is chosen there is nothing to send: the primary action waits.
  const nothingChosen = !priority && !status && assigneeIds.length === 0 && tagIds.length === 0;

  async function submit() {
    const form = {
      priority: priority || undefined,
      status: status || undefined,
      ...(closing && { resolution: resolution || undefined, closureNotes: closureNotes || undefined }),
      addAssigneeIds: assigneeIds.length ? assigneeIds : undefined,
      addTagIds: tagIds.length ? tagIds : undefined,
    };
    await run(bulkCasesFormSchema.safeParse(form), async (changes) => {
      const body = { ids, ...changes } as BulkUpdateCasesBody;
      await bulk.mutateAsync(body);
      showToast({ kind: 'success', title: 'Cases changed', subtitle: `${count} changed` });
      onSaved();
      onClose();
    });
  }

  const select = (
    id: string,
    label: string,
    value: string,
    set: (value: string) => void,
    options: readonly string[],
    labels: Record<string, string>,
    keepText: string,
  ) => (
    <Select
      id={id}
      labelText={label}
      value={value}
      onChange={(event) => {
        set(event.target.value);
        clearError(id.replace('cases-bulk-', ''));
      }}
      {...errorProps(id.replace('cases-bulk-', ''))}
    >
      <SelectItem value={KEEP} text={keepText} />
      {options.map((option) => (
        <SelectItem key={option} value={option} text={labels[option]} />
      ))}
    </Select>
  );

  return (
    <FormModal
      size="sm"
      title="Change cases"
      label={`${count} chosen`}
      primaryButtonText={`Change ${count}`}
      loadingDescription="Changing..."
      loading={bulk.isPending}
      primaryButtonDisabled={nothingChosen}
      formError={formError}
      formErrorTitle="Nothing changed"
      formRef={formRef}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="cases-bulk__intro">
        Each case is changed as it would be on its own page, and its History says so. If one cannot be
        changed, none is.
      </p>
      {select(
        'cases-bulk-priority',
        'Priority',
        priority,
        setPriority,
        CASE_PRIORITIES,
        CASE_PRIORITY_LABELS,
        'Leave as it is',
      )}
      {select(
        'cases-bulk-status',
        'Status',
        status,
        setStatus,
        CASE_STATUSES,
        CASE_STATUS_LABELS,
        'Leave as it is',
      )}
      {closing && (
        <>
          {select(
            'cases-bulk-resolution',
            'Resolution',
            resolution,
            setResolution,
            CASE_RESOLUTIONS,
            CASE_RESOLUTION_LABELS,
            'Choose a resolution',
          )}
          <TextArea
            id="cases-bulk-closure-notes"
            labelText="Closure notes"
            helperText="Written into each case closed."
            rows={3}
            value={closureNotes}
            onChange={(event) => {
              setClosureNotes(event.target.value);
              clearError('closureNotes');
            }}
            {...errorProps('closureNotes')}
          />
        </>
      )}
      <AssigneePicker
        titleText="Add assignees (optional)"
        selectedIds={assigneeIds}
        onChange={(next) => {
          setAssigneeIds(next);
          clearError('addAssigneeIds');
        }}
        initial={[]}
        invalidText={errorProps('addAssigneeIds').invalidText}
      />
      <TagPicker
        id="cases-bulk-tags"
        titleText="Add tags (optional)"
        selectedIds={tagIds}
        onChange={(next) => {
          setTagIds(next);
          clearError('addTagIds');
        }}
        unavailableText="No tag is added."
        invalidText={errorProps('addTagIds').invalidText}
      />
    </FormModal>
  );
}
