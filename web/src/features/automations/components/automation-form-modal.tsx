import { Toggle } from '@carbon/react';
import { TextArea, TextInput } from '../../../components/text-fields';
import { useState } from 'react';
import { createAutomationBodySchema, updateAutomationBodySchema } from '@scamtrail/domain/automations';
import type { Originator } from '@scamtrail/domain/originators';
import { EditConflictNotice } from '../../../components/edit-conflict-notice';
import { FormModal } from '../../../components/form-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { describeChanges, rebaseValues } from '../../../lib/edit-conflicts';
import { useEditConflict } from '../../../lib/use-edit-conflict';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useCreateAutomation } from '../api/create-automation';
import { useUpdateAutomation } from '../api/update-automation';
import '../../../styles/carbon/toggle.scss';

const FIELDS = ['systemName', 'description', 'webhookUrl', 'active'] as const;

interface AutomationFormModalProps {
  /** The automation to edit; a new one is created when absent. */
  automation?: Originator;
  onClose: () => void;
  onSaved?: (automation: Originator) => void;
}

const formValues = (automation: Originator | undefined) => ({
  systemName: automation?.systemName ?? '',
  description: automation?.description ?? '',
  webhookUrl: automation?.webhookUrl ?? '',
  active: automation?.active ?? true,
});

/** What someone else changed in an automation, each as "Field: its value now". */
export function describeAutomationChanges(base: Originator, current: Originator): string[] {
  return describeChanges(base, current, [
    { label: 'System name', valueOf: (automation) => automation.systemName },
    { label: 'Description', valueOf: (automation) => automation.description },
    { label: 'Webhook URL', valueOf: (automation) => automation.webhookUrl },
    { label: 'Status', valueOf: (automation) => (automation.active ? 'Active' : 'Inactive') },
  ]);
}

/** The automation edit dialog, for creating and for editing. */
export function AutomationFormModal({ automation, onClose, onSaved }: AutomationFormModalProps) {
  const isEdit = Boolean(automation);
  const edit = useEditConflict(automation);
  const [values, setValues] = useState(() => formValues(automation));
  const { systemName, description, webhookUrl, active } = values;
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((before) => ({ ...before, [key]: value }));
  const { errorProps, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    'Failed to save the automation',
  );
  const create = useCreateAutomation();
  const update = useUpdateAutomation();
  const { showToast } = useToast();
  const saving = create.isPending || update.isPending;

  async function submit() {
    const input = { systemName, description, webhookUrl: webhookUrl.trim() || null, active };
    const parsed = isEdit
      ? updateAutomationBodySchema.safeParse(input)
      : createAutomationBodySchema.safeParse(input);
    await run(parsed, async (data) => {
      const { base } = edit;
      let saved: Originator;
      try {
        saved = base
          ? await update.mutateAsync({ id: base.id, body: data, base })
          : await create.mutateAsync(createAutomationBodySchema.parse(input));
      } catch (error) {
        if (edit.caught(error)) return;
        throw error;
      }
      showToast({
        kind: 'success',
        title: isEdit ? 'Automation saved' : 'Automation created',
        subtitle: saved.name,
      });
      onSaved?.(saved);
      onClose();
    });
  }

  return (
    <FormModal
      size="md"
      title={isEdit ? 'Edit automation' : 'New automation'}
      primaryButtonText={isEdit ? 'Save' : 'Create'}
      loading={saving}
      formError={formError}
      formRef={formRef}
      onSubmit={submit}
      onClose={onClose}
    >
      {edit.base && edit.conflict && (
        <EditConflictNotice
          what="automation"
          changes={describeAutomationChanges(edit.base, edit.conflict)}
          onReload={() =>
            edit.reload((from, to) => setValues(rebaseValues(values, formValues(from), formValues(to))))
          }
        />
      )}
      <TextInput
        id="automation-system-name"
        labelText="System name"
        helperText="Unique; shown as the originator of what the automation records."
        value={systemName}
        onChange={(event) => {
          set('systemName', event.target.value);
          clearError('systemName');
        }}
        {...errorProps('systemName')}
      />
      <TextArea
        id="automation-description"
        labelText="Description (optional)"
        rows={3}
        value={description}
        onChange={(event) => {
          set('description', event.target.value);
          clearError('description');
        }}
        {...errorProps('description')}
      />
      <TextInput
        id="automation-webhook-url"
        labelText="Webhook URL (optional)"
        helperText="An http(s) address on the public internet; private and local addresses are refused."
        placeholder="https://"
        value={webhookUrl}
        onChange={(event) => {
          set('webhookUrl', event.target.value);
          clearError('webhookUrl');
        }}
        {...errorProps('webhookUrl')}
      />
      <Toggle
        id="automation-active"
        labelText="Status"
        labelA="Inactive: its API keys are refused"
        labelB="Active"
        toggled={active}
        onToggle={(toggled) => set('active', toggled)}
      />
    </FormModal>
  );
}
