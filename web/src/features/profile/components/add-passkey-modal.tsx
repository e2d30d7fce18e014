import { useRef, useState } from 'react';
import { renamePasskeyBodySchema } from '@scamtrail/domain/passkeys';
import { FormModal } from '../../../components/form-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { PasskeyError } from '../../../lib/passkeys';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useAddPasskey } from '../api/add-passkey';
import { describeDevice } from './device-name';
import { PasskeyNameInput } from './passkey-name-input';

const FIELDS = ['name'] as const;

/** Names a new passkey, then runs the browser's prompt that creates it. */
export function AddPasskeyModal({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState(() => describeDevice(navigator.userAgent, navigator.maxTouchPoints));
  const [promptError, setPromptError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const { errorProps, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    'Failed to add the passkey',
  );
  const add = useAddPasskey();
  const { showToast } = useToast();

  async function submit() {
    setPromptError(null);
    // A new passkey's name follows the same rules as a rename.
    await run(renamePasskeyBodySchema.safeParse({ name }), async (body) => {
      try {
        const passkey = await add.mutateAsync(body.name);
        showToast({ kind: 'success', title: 'Passkey added', subtitle: passkey.name });
        onClose();
      } catch (error) {
        // The browser's prompt failed: its own words, not the server's form errors.
        if (!(error instanceof PasskeyError)) throw error;
        setPromptError(error.message);
        // The prompt took focus and gives it back to no element (<body>, outside the dialog): bring it
        // back to the dialog's field, under the message.
        nameRef.current?.focus();
      }
    });
  }

  return (
    <FormModal
      size="sm"
      title="Add passkey"
      primaryButtonText="Continue"
      loading={add.isPending}
      loadingDescription="Waiting for your passkey..."
      formError={promptError ?? formError}
      formErrorTitle="Passkey not added"
      formRef={formRef}
      onSubmit={submit}
      onClose={onClose}
    >
      <p>
        Your browser will ask you to create a passkey with this device, a phone or a security key. Name it so
        you can tell your passkeys apart.
      </p>
      <PasskeyNameInput
        id="passkey-name"
        ref={nameRef}
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
