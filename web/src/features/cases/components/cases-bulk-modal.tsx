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
import { pluralise } from '../../../lib/format';
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

interface ChoiceSelectProps {
  field: string;
  label: string;
  value: string;
  /** The choices, by value, with their words. */
  labels: Record<string, string>;
  /** The first choice, which changes nothing. */
  emptyText?: string;
  onChange: (value: string) => void;
  invalid: boolean;
  invalidText: string | undefined;
}

/** A select whose first choice leaves the cases as they are. */
function ChoiceSelect({
  field,
  label,
  value,
  labels,
  emptyText = 'Leave as it is',
  onChange,
  ...rest
}: ChoiceSelectProps) {
  return (
    <Select
      id={`cases-bulk-${field}`}
      labelText={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...rest}
    >
      <SelectItem value={KEEP} text={emptyText} />
      {Object.entries(labels).map(([option, text]) => (
        <SelectItem key={option} value={option} text={text} />
      ))}
    </Select>
  );
}

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
      <ChoiceSelect
        field="priority"
        label="Priority"
        value={priority}
        labels={CASE_PRIORITY_LABELS}
        onChange={(next) => {
          setPriority(next);
          clearError('priority');
        }}
        {...errorProps('priority')}
      />
      <ChoiceSelect
        field="status"
        label="Status"
        value={status}
        labels={CASE_STATUS_LABELS}
        onChange={(next) => {
          setStatus(next);
          clearError('status');
        }}
        {...errorProps('status')}
      />
      {closing && (
        <>
          <ChoiceSelect
            field="resolution"
            label="Resolution"
            value={resolution}
            labels={CASE_RESOLUTION_LABELS}
            emptyText="Choose a resolution"
            onChange={(next) => {
              setResolution(next);
              clearError('resolution');
            }}
            {...errorProps('resolution')}
          />
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
