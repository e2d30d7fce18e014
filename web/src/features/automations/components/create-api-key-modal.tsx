import { DatePicker, DatePickerInput, FilterableMultiSelect, TextInput } from '@carbon/react';
import { useState } from 'react';
import { createApiKeyBodySchema, type CreatedApiKey } from '@scamtrail/domain/automations';
import type { Permission } from '@scamtrail/domain/permissions';
import { FormModal } from '../../../components/form-modal';
import { useSession } from '../../../lib/session';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useCreateApiKey } from '../api/create-api-key';
import { endOfDayIso, grantableScopes } from './scope-options';

const FIELDS = ['name', 'scopes', 'expiresAt'] as const;

interface CreateApiKeyModalProps {
  automationId: string;
  onClose: () => void;
  /** Called with the new key and its secret; the caller shows the secret. */
  onCreated: (created: CreatedApiKey) => void;
}

/** The API key creation dialog: a name, scopes the creator holds, an optional expiry. */
export function CreateApiKeyModal({ automationId, onClose, onCreated }: CreateApiKeyModalProps) {
  const { user } = useSession();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Permission[]>([]);
  const [expiresOn, setExpiresOn] = useState<Date | null>(null);
  const { errorProps, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    'Failed to create the API key',
  );
  const create = useCreateApiKey();
  const options = grantableScopes(user?.permissions);

  async function submit() {
    const input = { name, scopes, expiresAt: expiresOn ? endOfDayIso(expiresOn) : null };
    await run(createApiKeyBodySchema.safeParse(input), async (body) => {
      onCreated(await create.mutateAsync({ automationId, body }));
    });
  }

  return (
    <FormModal
      size="md"
      title="Create API key"
      primaryButtonText="Create key"
      loading={create.isPending}
      loadingDescription="Creating..."
      formError={formError}
      formRef={formRef}
      formErrorTitle="Not created"
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        id="api-key-name"
        labelText="Name"
        helperText="What uses the key, e.g. “Inbox scanner production”."
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          clearError('name');
        }}
        {...errorProps('name')}
      />
      <FilterableMultiSelect<Permission>
        id="api-key-scopes"
        titleText="Scopes"
        placeholder="Choose permissions"
        helperText="The key can do only this. You can grant only permissions you hold."
        items={options}
        itemToString={(item) => item ?? ''}
        selectedItems={scopes}
        onChange={({ selectedItems }) => {
          setScopes(selectedItems ?? []);
          clearError('scopes');
        }}
        selectionFeedback="top-after-reopen"
        {...errorProps('scopes')}
      />
      <DatePicker
        datePickerType="single"
        minDate={new Date().toDateString()}
        onChange={(dates) => {
          setExpiresOn(dates[0] ?? null);
          clearError('expiresAt');
        }}
      >
        <DatePickerInput
          id="api-key-expiry"
          labelText="Expires on (optional)"
          placeholder="mm/dd/yyyy"
          helperText="The key works until the end of this day. Leave empty for a key that does not expire."
          {...errorProps('expiresAt')}
        />
      </DatePicker>
    </FormModal>
  );
}
