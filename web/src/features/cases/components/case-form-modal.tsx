import { Select, SelectItem } from '@carbon/react';
import { useQueryClient } from '@tanstack/react-query';
import { TextArea, TextInput } from '../../../components/text-fields';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CASE_PRIORITIES,
  CASE_PRIORITY_LABELS,
  CASE_TITLE_MAX_LENGTH,
  SCAM_TYPES,
  SCAM_TYPE_LABELS,
  type Case,
  type CasePriority,
  type ScamType,
} from '@scamtrail/domain/cases';
import { hasPermission } from '@scamtrail/domain/permissions';
import { EditConflictNotice } from '../../../components/edit-conflict-notice';
import { FormModal } from '../../../components/form-modal';
import { ReportedByPicker } from '../../../components/reported-by-picker';
import { useToast } from '../../../components/toasts/toast-context';
import { useSession } from '../../../lib/session';
import { useEditConflict } from '../../../lib/use-edit-conflict';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useCreateCase } from '../api/create-case';
import { caseKeys } from '../api/query-keys';
import { useUpdateCase } from '../api/update-case';
import { TagPicker } from '../../../components/tags/tag-picker';
import { AssigneePicker, GroupSelect } from './case-form-pickers';
import { describeCaseChanges, rebaseCaseForm } from './case-form-conflict';
import { ReportedLossFields } from './case-form-loss';
import {
  CASE_FORM_FIELDS,
  caseFormValues,
  parseCreateCase,
  parseUpdateCase,
  type CaseFormValues,
} from './case-form-values';
import { paths } from '../../../lib/paths';
import './case-form.scss';

export interface CaseFormModalProps {
  open: boolean;
  onClose: () => void;
  /** The case to edit; a new one is created when absent. */
  initial?: Case;
  onSaved?: (saved: Case) => void;
}

/**
 * The case dialog, to create a case and to edit one: title, description, priority, scam type,
 * reported loss, visibility (group), assignees and tags, and for a new case who reported it. Messages
 * come from the shared schema; the server's field errors show on their fields. A new case opens on its
 * own page.
 */
export function CaseFormModal({ open, ...props }: CaseFormModalProps) {
  if (!open) return null;
  return <CaseForm {...props} />;
}

function CaseForm({ onClose, initial, onSaved }: Omit<CaseFormModalProps, 'open'>) {
  const [values, setValues] = useState<CaseFormValues>(() => caseFormValues(initial));
  // The version being edited (the case as opened, or as reloaded after a conflict), and the one
  // someone else saved meanwhile once a save was refused for it.
  const edit = useEditConflict(initial);
  const { base, conflict } = edit;
  const queryClient = useQueryClient();
  const { fieldErrors, errorProps, clearError, formError, formRef, run } = useFormSubmission(
    CASE_FORM_FIELDS,
    initial ? 'Failed to save the case' : 'Failed to create the case',
  );
  const create = useCreateCase();
  const update = useUpdateCase();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const { user } = useSession();
  // Only a new case is entered for someone; listing community members needs community_member.view.
  const offerReportedBy = !initial && hasPermission(user?.permissions, 'community_member.view');
  const saving = create.isPending || update.isPending;

  function set<K extends keyof CaseFormValues>(key: K, value: CaseFormValues[K], ...fields: string[]) {
    setValues((current) => ({ ...current, [key]: value }));
    for (const field of [key, ...fields]) clearError(field);
  }

  // A server message about the loss as a whole goes to the field it names.
  const lossError = fieldErrors.reportedLoss;
  const amountError =
    fieldErrors['reportedLoss.amount'] ?? (lossError && !/currency/i.test(lossError) ? lossError : undefined);
  const currencyError =
    fieldErrors['reportedLoss.currency'] ??
    (lossError && /currency/i.test(lossError) ? lossError : undefined);

  async function submit() {
    if (base) {
      await run(parseUpdateCase(values, base), async (body) => {
        let saved = base;
        if (body) {
          try {
            saved = await update.mutateAsync({ id: base.id, body, base });
          } catch (error) {
            const current = edit.caught(error);
            if (!current) throw error;
            queryClient.setQueryData(caseKeys.detail(current.id), current);
            return;
          }
          showToast({ kind: 'success', title: 'Case saved', subtitle: `#${saved.number} ${saved.title}` });
        }
        onSaved?.(saved);
        onClose();
      });
      return;
    }
    await run(parseCreateCase(values), async (body) => {
      const saved = await create.mutateAsync(body);
      showToast({ kind: 'success', title: 'Case created', subtitle: `#${saved.number} ${saved.title}` });
      onSaved?.(saved);
      onClose();
      void navigate(paths.caseDetail(saved.id));
    });
  }

  return (
    <FormModal
      title={initial ? 'Edit case' : 'New case'}
      label={initial ? `#${initial.number}` : undefined}
      primaryButtonText={initial ? 'Save' : 'Create case'}
      loading={saving}
      loadingDescription={initial ? 'Saving...' : 'Creating...'}
      formError={formError}
      formErrorTitle={initial ? 'Case not saved' : 'Case not created'}
      formRef={formRef}
      onSubmit={submit}
      onClose={onClose}
    >
      {base && conflict && (
        <EditConflictNotice
          what="case"
          changes={describeCaseChanges(base, conflict)}
          onReload={() => edit.reload((from, to) => setValues(rebaseCaseForm(values, from, to)))}
        />
      )}
      <TextInput
        id="case-form-title"
        labelText="Title"
        placeholder="e.g. Romance scam reported by a widower, funds sent by wire"
        enableCounter
        maxCount={CASE_TITLE_MAX_LENGTH}
        value={values.title}
        onChange={(event) => set('title', event.target.value)}
        {...errorProps('title')}
      />
      <TextArea
        id="case-form-description"
        labelText="Description (optional)"
        helperText="What was reported, by whom, and what is known so far."
        rows={4}
        value={values.description}
        onChange={(event) => set('description', event.target.value)}
        {...errorProps('description')}
      />
      {offerReportedBy && (
        <ReportedByPicker
          id="case-form-reported-by"
          value={values.reportedBy}
          onChange={(next) => set('reportedBy', next, 'onBehalfOfOriginatorId')}
          invalidText={fieldErrors.onBehalfOfOriginatorId}
        />
      )}
      <div className="case-form__row">
        <Select
          id="case-form-priority"
          labelText="Priority"
          value={values.priority}
          onChange={(event) => set('priority', event.target.value as CasePriority)}
          {...errorProps('priority')}
        >
          {CASE_PRIORITIES.map((priority) => (
            <SelectItem key={priority} value={priority} text={CASE_PRIORITY_LABELS[priority]} />
          ))}
        </Select>
        <Select
          id="case-form-scam-type"
          labelText="Scam type (optional)"
          value={values.scamType}
          onChange={(event) => set('scamType', event.target.value as ScamType | '')}
          {...errorProps('scamType')}
        >
          <SelectItem value="" text="Not known yet" />
          {SCAM_TYPES.map((type) => (
            <SelectItem key={type} value={type} text={SCAM_TYPE_LABELS[type]} />
          ))}
        </Select>
      </div>
      <ReportedLossFields
        amount={values.lossAmount}
        currency={values.lossCurrency}
        onAmountChange={(amount) => set('lossAmount', amount, 'reportedLoss', 'reportedLoss.amount')}
        onCurrencyChange={(currency) =>
          set('lossCurrency', currency, 'reportedLoss', 'reportedLoss.currency')
        }
        amountError={amountError}
        currencyError={currencyError}
      />
      <GroupSelect
        value={values.groupId}
        onChange={(groupId) => set('groupId', groupId)}
        initial={base?.group ?? null}
        invalidText={fieldErrors.groupId}
      />
      <AssigneePicker
        // Knows the names of the assignees of the version being edited: a reload brings others.
        key={base?.updatedAt}
        selectedIds={values.assigneeIds}
        onChange={(ids) => set('assigneeIds', ids)}
        initial={[...(initial?.assignees ?? []), ...(base?.assignees ?? [])]}
        invalidText={fieldErrors.assigneeIds ?? fieldErrors.addAssigneeIds}
      />
      <TagPicker
        id="case-form-tags"
        selectedIds={values.tagIds}
        onChange={(ids) => set('tagIds', ids)}
        known={[...(initial?.tags ?? []), ...(base?.tags ?? [])]}
        unavailableText="The tags are left as they are."
        invalidText={fieldErrors.tagIds ?? fieldErrors.addTagIds}
      />
    </FormModal>
  );
}
