import { Button, Form, InlineNotification, Stack } from '@carbon/react';
import { PasswordInput } from '../../../components/text-fields';
import { useState, type FormEvent } from 'react';
import { changePasswordBodySchema, PASSWORD_MIN_LENGTH } from '@scamtrail/domain/auth';
import { useToast } from '../../../components/toasts/toast-context';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useChangePassword } from '../api/change-password';

const FIELDS = ['currentPassword', 'newPassword'] as const;

/** Change your own password: the current one is required, and your other sessions end. */
export function ChangePasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const { errorProps, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    'Failed to change the password',
  );
  const mutation = useChangePassword();
  const { showToast } = useToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await run(changePasswordBodySchema.safeParse({ currentPassword, newPassword }), async (body) => {
      await mutation.mutateAsync(body);
      setCurrentPassword('');
      setNewPassword('');
      showToast({
        kind: 'success',
        title: 'Password changed',
        subtitle: 'Your other sessions have been signed out.',
      });
    });
  }

  return (
    <Form aria-label="Change password" onSubmit={(event) => void submit(event)} className="profile-password">
      <Stack gap={6} ref={formRef}>
        {formError && (
          <InlineNotification
            kind="error"
            lowContrast
            hideCloseButton
            title="Not changed"
            subtitle={formError}
          />
        )}
        <PasswordInput
          id="profile-current-password"
          labelText="Current password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => {
            setCurrentPassword(event.target.value);
            clearError('currentPassword');
          }}
          {...errorProps('currentPassword')}
        />
        <PasswordInput
          id="profile-new-password"
          labelText="New password"
          helperText={`At least ${PASSWORD_MIN_LENGTH} characters, not a common or easily guessed one.`}
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => {
            setNewPassword(event.target.value);
            clearError('newPassword');
          }}
          {...errorProps('newPassword')}
        />
        <div>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}
