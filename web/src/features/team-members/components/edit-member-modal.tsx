import { Select, SelectItem } from '@carbon/react';
import { TextInput } from '../../../components/text-fields';
import { useState } from 'react';
import { canGrantRole, type Role } from '@scamtrail/domain/permissions';
import { updateTeamMemberBodySchema, type TeamMember } from '@scamtrail/domain/team-members';
import { EditConflictNotice } from '../../../components/edit-conflict-notice';
import { FormModal } from '../../../components/form-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { describeChanges, rebaseValues } from '../../../lib/edit-conflicts';
import { useSession } from '../../../lib/session';
import { useEditConflict } from '../../../lib/use-edit-conflict';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useUpdateTeamMember } from '../api/update-team-member';
import { grantableRoleOptions, roleLabel } from './role-options';

const FIELDS = ['firstName', 'lastName', 'role'] as const;

/** The server refuses a change of one's own role; the form says so before anyone tries. */
const OWN_ROLE_HELPER = 'You cannot change your own role. Another administrator can.';
const STRONGER_ROLE_HELPER = 'Their role holds permissions you do not hold. An administrator can change it.';

type EditedMember = Pick<TeamMember, 'id' | 'firstName' | 'lastName' | 'fullName' | 'role' | 'updatedAt'>;

interface EditMemberModalProps {
  member: EditedMember;
  /** "role": only the role ("Change role"); "all": names and role. */
  mode: 'role' | 'all';
  onClose: () => void;
}

const formValues = (member: EditedMember) => ({
  firstName: member.firstName,
  lastName: member.lastName,
  role: member.role,
});

/** What someone else changed in a team member, each as "Field: its value now". */
export function describeMemberChanges(base: EditedMember, current: EditedMember): string[] {
  return describeChanges(base, current, [
    { label: 'First name', valueOf: (member) => member.firstName },
    { label: 'Last name', valueOf: (member) => member.lastName },
    { label: 'Role', valueOf: (member) => member.role, show: (member) => roleLabel(member.role) },
  ]);
}

/**
 * Changes a team member's role (which signs them out) and, in full mode, their names. On one's own
 * account the role is shown but cannot be changed.
 */
export function EditMemberModal({ member: opened, mode, onClose }: EditMemberModalProps) {
  const { user } = useSession();
  const edit = useEditConflict<EditedMember>(opened);
  // The version edited: the one opened, then the current one once reloaded onto it.
  const member = edit.base ?? opened;
  const isSelf = member.id === user?.id;
  // The server refuses changing an account whose role holds more than the signed-in user holds.
  const isStronger = !canGrantRole(user?.permissions, member.role);
  const [values, setValues] = useState(() => formValues(opened));
  const { firstName, lastName, role } = values;
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
        let saved: TeamMember;
        try {
          saved = await update.mutateAsync({ id: member.id, body, base: member });
        } catch (error) {
          if (edit.caught(error)) return;
          throw error;
        }
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
      {edit.base && edit.conflict && (
        <EditConflictNotice
          what="team member"
          changes={describeMemberChanges(edit.base, edit.conflict)}
          onReload={() =>
            edit.reload((from, to) => setValues(rebaseValues(values, formValues(from), formValues(to))))
          }
        />
      )}
      {mode === 'all' && (
        <>
          <TextInput
            id="edit-member-first-name"
            labelText="First name"
            value={firstName}
            onChange={(event) => setValues({ ...values, firstName: event.target.value })}
            {...errorProps('firstName')}
          />
          <TextInput
            id="edit-member-last-name"
            labelText="Last name"
            value={lastName}
            onChange={(event) => setValues({ ...values, lastName: event.target.value })}
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
        onChange={(event) => setValues({ ...values, role: event.target.value as Role })}
        {...errorProps('role')}
      >
        {grantableRoleOptions(user?.permissions, member.role).map((option) => (
          <SelectItem key={option.value} value={option.value} text={option.text} />
        ))}
      </Select>
    </FormModal>
  );
}
