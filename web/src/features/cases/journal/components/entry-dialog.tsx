import { Select, SelectItem } from '@carbon/react';
import { TextArea, TextInput } from '../../../../components/text-fields';
import { useState } from 'react';
import { getIdentifierTypeLabel } from '@scamtrail/domain/identifiers/catalogue';
import {
  JOURNAL_DESCRIPTION_MAX_LENGTH,
  JOURNAL_ENTRY_TYPE_LABELS,
  JOURNAL_ENTRY_TYPES,
  type JournalEntry,
  type JournalEntryType,
} from '@scamtrail/domain/journal-entries';
import { hasPermission } from '@scamtrail/domain/permissions';
import { DateField } from '../../../../components/date-field';
import { dayTextSchema } from '../../../../lib/day-text';
import { EditConflictNotice } from '../../../../components/edit-conflict-notice';
import { FormModal } from '../../../../components/form-modal';
import { useToast } from '../../../../components/toasts/toast-context';
import { useSession } from '../../../../lib/session';
import { useEditConflict } from '../../../../lib/use-edit-conflict';
import { useFormSubmission } from '../../../../lib/use-form-submission';
import type { EvidenceOption } from '../api/journal-evidence-options';
import type { IdentifierOption } from '../api/journal-identifiers';
import { describeEntryChanges, rebaseEntryForm } from './entry-conflict';
import { EvidencePicker, IdentifierPicker } from './entry-pickers';
import { FoundIdentifierList } from '../../../../components/found-identifiers/found-identifier-list';
import { splitPerformedAt, type PerformedAtInput } from './performed-at';
import { useFoundIdentifiers } from './use-found-identifiers';
import { useSaveEntry, type EntryFormValues } from './use-save-entry';
import type { OriginatorSummary } from '@scamtrail/domain/originators';
import { ReportedByPicker } from '../../../../components/reported-by-picker';

const FIELDS = [
  'type',
  'description',
  'performedAt',
  'evidence',
  'identifierIds',
  'onBehalfOfOriginatorId',
] as const;

const DATE_LABEL = 'Date';
/** The day field's text, checked when it is left (the form asks for a day and a time on submit). */
const dateSchema = dayTextSchema(DATE_LABEL);

interface EntryDialogProps {
  caseId: string;
  /** The entry to edit; a new one is added to the case when absent. */
  entry?: JournalEntry;
  onClose: () => void;
}

/** Add or edit a journal entry: what kind, when, what happened, and the evidence and identifiers it involves. */
export function EntryDialog({ caseId, entry, onClose }: EntryDialogProps) {
  const { user } = useSession();
  const can = (permission: string) => hasPermission(user?.permissions, permission);
  const [type, setType] = useState<JournalEntryType>(entry?.type ?? 'note');
  const [openedWhen] = useState<PerformedAtInput>(() => splitPerformedAt(entry?.performedAt ?? new Date()));
  const [when, setWhen] = useState(openedWhen);
  const [description, setDescription] = useState(entry?.description ?? '');
  const [reportedBy, setReportedBy] = useState<OriginatorSummary | null>(null);
  const [evidence, setEvidence] = useState<EvidenceOption[]>(() => entry?.evidence ?? []);
  const [identifiers, setIdentifiers] = useState<IdentifierOption[]>(
    () => entry?.identifiers.map((item) => ({ ...item, typeLabel: getIdentifierTypeLabel(item.type) })) ?? [],
  );
  // Identifiers written in the description are offered for linking, read on the server (which asks
  // identifier.view) as written evidence and the import's pasted text are.
  const canLinkFound = can('identifier.view') && can('identifier.create');
  const offer = useFoundIdentifiers(description, identifiers, canLinkFound);
  const form = useFormSubmission(FIELDS, entry ? 'Failed to save the entry' : 'Failed to add the entry');
  const { errorProps, clearError } = form;
  // The version being edited (the entry as opened, or as reloaded after a conflict), and the one
  // someone else saved meanwhile once a save was refused for it.
  const edit = useEditConflict(entry);
  const { base, conflict } = edit;
  const save = useSaveEntry(caseId, base, openedWhen);
  const { showToast } = useToast();

  async function submit() {
    const values: EntryFormValues = { type, when, description, evidence, identifiers, reportedBy };
    await form.run(save.parse(values), async (body) => {
      try {
        showToast(await save.run(body, values, await offer.toLink()));
      } catch (error) {
        if (edit.caught(error)) return;
        throw error;
      }
      onClose();
    });
  }

  function reload(from: JournalEntry, to: JournalEntry) {
    const values = { type, when, description, evidence, identifiers, reportedBy };
    const next = rebaseEntryForm(values, from, to);
    setType(next.type);
    setWhen(next.when);
    setDescription(next.description);
    setEvidence(next.evidence);
    setIdentifiers(next.identifiers);
  }

  return (
    <FormModal
      size="md"
      title={entry ? 'Edit journal entry' : 'Add journal entry'}
      primaryButtonText={entry ? 'Save' : 'Add entry'}
      loading={save.isSaving}
      formError={form.formError}
      formErrorTitle={entry ? 'Not saved' : 'Not added'}
      formRef={form.formRef}
      onSubmit={submit}
      onClose={onClose}
    >
      {base && conflict && (
        <EditConflictNotice
          what="entry"
          changes={describeEntryChanges(base, conflict)}
          onReload={() => edit.reload(reload)}
        />
      )}
      <div className="timeline-dialog__when">
        <Select
          id="journal-entry-type"
          labelText="Type"
          value={type}
          onChange={(event) => {
            setType(event.target.value as JournalEntryType);
            clearError('type');
          }}
          {...errorProps('type')}
        >
          {JOURNAL_ENTRY_TYPES.map((value) => (
            <SelectItem key={value} value={value} text={JOURNAL_ENTRY_TYPE_LABELS[value]} />
          ))}
        </Select>
        <DateField
          // Opens on the day of the version being edited: a reload may bring another.
          key={base?.updatedAt}
          id="journal-entry-date"
          labelText={DATE_LABEL}
          value={when.date}
          onChange={(date) => {
            setWhen((current) => ({ ...current, date }));
            clearError('performedAt');
          }}
          schema={dateSchema}
          invalidText={errorProps('performedAt').invalidText}
        />
        <TextInput
          id="journal-entry-time"
          type="time"
          labelText="Time"
          value={when.time}
          onChange={(event) => {
            setWhen((current) => ({ ...current, time: event.target.value }));
            clearError('performedAt');
          }}
        />
      </div>
      <TextArea
        id="journal-entry-description"
        labelText="Description"
        helperText="What was done or learned. E-mail addresses, phone numbers and wallets in it are offered for linking."
        rows={6}
        maxCount={JOURNAL_DESCRIPTION_MAX_LENGTH}
        value={description}
        onChange={(event) => {
          setDescription(event.target.value);
          clearError('description');
        }}
        {...errorProps('description')}
      />
      <FoundIdentifierList
        id="journal-found"
        found={offer.found}
        unchecked={offer.unchecked}
        onToggle={offer.toggle}
        legend="Found in the text: link to the entry"
        helperText="Ticked identifiers are linked when you save; new ones are added to the identifiers."
        disabled={save.isSaving}
      />
      {!entry && can('community_member.view') && (
        <ReportedByPicker
          id="journal-entry-reported-by"
          value={reportedBy}
          onChange={(next) => {
            setReportedBy(next);
            clearError('onBehalfOfOriginatorId');
          }}
          invalidText={form.fieldErrors.onBehalfOfOriginatorId}
        />
      )}
      {can('evidence.view') && (
        <EvidencePicker
          caseId={caseId}
          selected={evidence}
          onChange={(next) => {
            setEvidence(next);
            clearError('evidence');
          }}
          invalidText={form.fieldErrors.evidence}
        />
      )}
      {can('identifier.view') && (
        <IdentifierPicker
          selected={identifiers}
          onChange={(next) => {
            setIdentifiers(next);
            clearError('identifierIds');
          }}
          invalidText={form.fieldErrors.identifierIds}
        />
      )}
    </FormModal>
  );
}
