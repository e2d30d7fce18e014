import { useState } from 'react';
import { renamePasskeyBodySchema, type Passkey } from '@scamtrail/domain/passkeys';
import { FormModal } from '../../../components/form-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useRenamePasskey } from '../api/rename-passkey';
import { PasskeyNameInput } from './passkey-name-input';

const FIELDS = ['name'] as const;

export function RenamePasskeyModal({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const [name, setName] = useState(passkey.name);
  const { errorProps, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    'Failed to rename the passkey',
  );
  const rename = useRenamePasskey();
  const { showToast } = useToast();

  async function submit() {
    if (name === passkey.name) return onClose();
    await run(renamePasskeyBodySchema.safeParse({ name }), async (body) => {
      const saved = await rename.mutateAsync({ id: passkey.id, name: body.name });
      showToast({ kind: 'success', title: 'Passkey renamed', subtitle: saved.name });
      onClose();
    });
  }

  return (
    <FormModal
      size="sm"
      title="Rename passkey"
      primaryButtonText="Save"
      loading={rename.isPending}
      formError={formError}
      formRef={formRef}
      onSubmit={submit}
      onClose={onClose}
    >
      <PasskeyNameInput
        id="passkey-rename"
        value={name}
        onChange={(value) => {
          setName(value);
          clearError('name');
        }}
        {...errorProps('name')}
      />
    </FormModal>
  );
}
