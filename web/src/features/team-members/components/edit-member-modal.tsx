import { Select, SelectItem } from '@carbon/react';
import { TextInput } from '../../../components/text-fields';
import { useState } from 'react';
import { canGrantRole, type Role } from '@scamtrail/domain/permissions';
import { updateTeamMemberBodySchema, type TeamMember } from '@scamtrail/domain/team-members';
import { FormModal } from '../../../components/form-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { useSession } from '../../../lib/session';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useUpdateTeamMember } from '../api/update-team-member';
import { grantableRoleOptions, roleLabel } from './role-options';

const FIELDS = ['firstName', 'lastName', 'role'] as const;

/** The server refuses a change of one's own role; the form says so before anyone tries. */
const OWN_ROLE_HELPER = 'You cannot change your own role. Another administrator can.';
const STRONGER_ROLE_HELPER = 'Their role holds permissions you do not hold. An administrator can change it.';

interface EditMemberModalProps {
  member: Pick<TeamMember, 'id' | 'firstName' | 'lastName' | 'fullName' | 'role'>;
  /** "role": only the role ("Change role"); "all": names and role. */
  mode: 'role' | 'all';
  onClose: () => void;
}

/**
 * Changes a team member's role (which signs them out) and, in full mode, their names. On one's own
 * account the role is shown but cannot be changed.
 */
export function EditMemberModal({ member, mode, onClose }: EditMemberModalProps) {
  const { user } = useSession();
  const isSelf = member.id === user?.id;
  // The server refuses changing an account whose role holds more than the signed-in user holds.
  const isStronger = !canGrantRole(user?.permissions, member.role);
  const [firstName, setFirstName] = useState(member.firstName);
  const [lastName, setLastName] = useState(member.lastName);
  const [role, setRole] = useState<Role>(member.role);
  const { errorProps, formError, formRef, run } = useFormSubmission(FIELDS, 'Failed to save the team member');
  const update = useUpdateTeamMember();
  const { showToast } = useToast();

  async function submit() {
    const changes = {
      ...(mode === 'all' && firstName !== member.firstName ? { firstName } : {}),
      ...(mode === 'all' && lastName !== member.lastName ? { lastName } : {}),
      ...(role !== member.role ? { role } : {}),
    };
    if (Object.keys(changes).length === 0) return onClose();
    const parsed = updateTeamMemberBodySchema.safeParse(changes);
    await run(
      parsed,
      async (body) => {
        const saved = await update.mutateAsync({ id: member.id, body });
        showToast({
          kind: 'success',
          title: role !== member.role ? 'Role changed' : 'Team member saved',
          subtitle:
            role !== member.role ? `${saved.fullName} is now ${roleLabel(saved.role)}.` : saved.fullName,
        });
        onClose();
      },
      // The fields' messages stay until the save's outcome replaces them.
      { keepFieldErrors: true },
    );
  }

  return (
    <FormModal
      size="sm"
      title={mode === 'role' ? 'Change role' : 'Edit team member'}
      label={member.fullName}
      primaryButtonText="Save"
      loading={update.isPending}
      formError={formError}
      formRef={formRef}
      onSubmit={submit}
      onClose={onClose}
    >
      {mode === 'all' && (
        <>
          <TextInput
            id="edit-member-first-name"
            labelText="First name"
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
            {...errorProps('firstName')}
          />
          <TextInput
            id="edit-member-last-name"
            labelText="Last name"
            value={lastName}
            onChange={(event) => setLastName(event.target.value)}
            {...errorProps('lastName')}
          />
        </>
      )}
      <Select
        id="edit-member-role"
        labelText="Role"
        helperText={
          isSelf
            ? OWN_ROLE_HELPER
            : isStronger
              ? STRONGER_ROLE_HELPER
              : 'Changing the role signs the member out; they sign in again with the new role.'
        }
        disabled={isSelf || isStronger}
        value={role}
        onChange={(event) => setRole(event.target.value as Role)}
        {...errorProps('role')}
      >
        {grantableRoleOptions(user?.permissions, member.role).map((option) => (
          <SelectItem key={option.value} value={option.value} text={option.text} />
        ))}
      </Select>
    </FormModal>
  );
}
