import { TextInput } from '../../../components/text-fields';
import { useState } from 'react';
import { createApiKeyBodySchema, type CreatedApiKey } from '@scamtrail/domain/automations';
import { PERMISSION_LABELS } from '@scamtrail/domain/permission-labels';
import { WILDCARD, type Permission } from '@scamtrail/domain/permissions';
import { DateField } from '../../../components/date-field';
import { dayTextSchema, formatDay } from '../../../lib/day-text';
import { FormModal } from '../../../components/form-modal';
import { useSession } from '../../../lib/session';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useCreateApiKey } from '../api/create-api-key';
import { endOfDayIso, filterScopes, grantableScopes } from './scope-options';
import { MultiSelect } from '../../../components/keep-selection-on-escape-multi-select';

const FIELDS = ['name', 'scopes', 'expiresAt'] as const;

const EXPIRY_LABEL = 'Expires on';

/**
 * The date field's text as the API's expiry: none when empty, else the end of that day, which the
 * domain's own rule then requires to be still to come.
 */
const expirySchema = dayTextSchema(EXPIRY_LABEL)
  // Typed as the domain's field takes it (which also allows leaving it out).
  .transform((day): string | null | undefined => (day ? endOfDayIso(day) : null))
  .pipe(createApiKeyBodySchema.shape.expiresAt);

/** The form as filled in: the expiry is the date field's text. */
const formSchema = createApiKeyBodySchema.extend({ expiresAt: expirySchema });

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
  // The date field's text, read on submit.
  const [expiry, setExpiry] = useState('');
  // Today, in the picker's format; set once, as the picker rewrites the field whenever its minDate changes.
  const [today] = useState(() => formatDay(new Date()));
  const { fieldErrors, errorProps, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    'Failed to create the API key',
  );
  const create = useCreateApiKey();
  const options = grantableScopes(user?.permissions);
  // A key changes what its automation recorded only while its creator could too: an administrator.
  const holdsEverything = user?.permissions.includes(WILDCARD) ?? false;

  async function submit() {
    const input = { name, scopes, expiresAt: expiry };
    await run(formSchema.safeParse(input), async (body) => {
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
        helperText="What uses the key, e.g. “Inbox scanner production”. No two active keys of an automation share a name."
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          clearError('name');
        }}
        {...errorProps('name')}
      />
      <MultiSelect<Permission>
        id="api-key-scopes"
        titleText="Scopes"
        placeholder="Choose permissions"
        helperText={
          holdsEverything
            ? 'The key can do only this. You can grant only permissions you hold.'
            : 'The key can do only this. You can grant only permissions you hold, and as you are not an ' +
              'administrator the key cannot change what the automation recorded (its journal entries).'
        }
        items={options}
        itemToString={(item) => (item ? PERMISSION_LABELS[item] : '')}
        filterItems={filterScopes}
        selectedItems={scopes}
        onChange={({ selectedItems }) => {
          setScopes(selectedItems ?? []);
          clearError('scopes');
        }}
        selectionFeedback="top-after-reopen"
        {...errorProps('scopes')}
      />
      <DateField
        id="api-key-expiry"
        labelText={`${EXPIRY_LABEL} (optional)`}
        helperText="The key works until the end of this day. Leave empty for a key that does not expire."
        value={expiry}
        onChange={(text) => {
          setExpiry(text);
          clearError('expiresAt');
        }}
        schema={expirySchema}
        minDate={today}
        invalidText={fieldErrors.expiresAt}
      />
    </FormModal>
  );
}
