import { Toggle } from '@carbon/react';
import { TextArea, TextInput } from '../../../components/text-fields';
import { useState } from 'react';
import { createAutomationBodySchema, updateAutomationBodySchema } from '@scamtrail/domain/automations';
import type { Originator } from '@scamtrail/domain/originators';
import { FormModal } from '../../../components/form-modal';
import { useToast } from '../../../components/toasts/toast-context';
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

/** The automation edit dialog, for creating and for editing. */
export function AutomationFormModal({ automation, onClose, onSaved }: AutomationFormModalProps) {
  const isEdit = Boolean(automation);
  const [systemName, setSystemName] = useState(automation?.systemName ?? '');
  const [description, setDescription] = useState(automation?.description ?? '');
  const [webhookUrl, setWebhookUrl] = useState(automation?.webhookUrl ?? '');
  const [active, setActive] = useState(automation?.active ?? true);
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
      const saved = automation
        ? await update.mutateAsync({ id: automation.id, body: data })
        : await create.mutateAsync(createAutomationBodySchema.parse(input));
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
      <TextInput
        id="automation-system-name"
        labelText="System name"
        helperText="Unique; shown as the originator of what the automation records."
        value={systemName}
        onChange={(event) => {
          setSystemName(event.target.value);
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
          setDescription(event.target.value);
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
          setWebhookUrl(event.target.value);
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
        onToggle={setActive}
      />
    </FormModal>
  );
}
