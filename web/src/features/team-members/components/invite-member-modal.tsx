import { Select, SelectItem } from '@carbon/react';
import { PasswordInput, TextInput } from '../../../components/text-fields';
import { useState } from 'react';
import { createUserBodySchema, PASSWORD_MIN_LENGTH } from '@scamtrail/domain/auth';
import type { Role } from '@scamtrail/domain/permissions';
import { FormModal } from '../../../components/form-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { useSession } from '../../../lib/session';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useInviteTeamMember } from '../api/invite-team-member';
import { grantableRoleOptions } from './role-options';

const FIELDS = ['email', 'firstName', 'lastName', 'role', 'password'] as const;
type Field = (typeof FIELDS)[number];

/** "Invite member": creates the account with a role and an initial password to hand over. */
export function InviteMemberModal({ onClose }: { onClose: () => void }) {
  const roleOptions = grantableRoleOptions(useSession().user?.permissions);
  const [values, setValues] = useState<Record<Field, string>>({
    email: '',
    firstName: '',
    lastName: '',
    role: roleOptions.some((o) => o.value === 'investigator')
      ? 'investigator'
      : (roleOptions[0]?.value ?? ''),
    password: '',
  });
  const { fieldErrors, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    'Failed to invite the team member',
  );
  const invite = useInviteTeamMember();
  const { showToast } = useToast();

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  }

  function fieldProps(field: Field) {
    return {
      value: values[field],
      invalid: Boolean(fieldErrors[field]),
      invalidText: fieldErrors[field],
    };
  }

  async function submit() {
    const parsed = createUserBodySchema.safeParse({ ...values, role: values.role as Role });
    await run(parsed, async (data) => {
      const member = await invite.mutateAsync(data);
      showToast({
        kind: 'success',
        title: 'Team member invited',
        subtitle: `${member.fullName} can now sign in with ${member.email}.`,
      });
      onClose();
    });
  }

  return (
    <FormModal
      size="md"
      title="Invite member"
      primaryButtonText="Invite"
      loading={invite.isPending}
      loadingDescription="Inviting..."
      formError={formError}
      formRef={formRef}
      formErrorTitle="Not invited"
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        id="invite-email"
        type="email"
        labelText="Email"
        autoComplete="off"
        {...fieldProps('email')}
        onChange={(event) => change('email', event.target.value)}
      />
      <div className="team-members__name-row">
        <TextInput
          id="invite-first-name"
          labelText="First name"
          {...fieldProps('firstName')}
          onChange={(event) => change('firstName', event.target.value)}
        />
        <TextInput
          id="invite-last-name"
          labelText="Last name"
          {...fieldProps('lastName')}
          onChange={(event) => change('lastName', event.target.value)}
        />
      </div>
      <Select
        id="invite-role"
        labelText="Role"
        {...fieldProps('role')}
        onChange={(event) => change('role', event.target.value)}
      >
        {roleOptions.map((option) => (
          <SelectItem key={option.value} value={option.value} text={option.text} />
        ))}
      </Select>
      <PasswordInput
        id="invite-password"
        labelText="Initial password"
        autoComplete="new-password"
        helperText={`At least ${PASSWORD_MIN_LENGTH} characters, not a common or easily guessed one. Share it with them securely; they sign in with it.`}
        {...fieldProps('password')}
        onChange={(event) => change('password', event.target.value)}
      />
    </FormModal>
  );
}
