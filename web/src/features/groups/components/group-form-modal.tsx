import { TextArea, TextInput } from '../../../components/text-fields';
import { useState } from 'react';
import { createGroupBodySchema, updateGroupBodySchema, type GroupDetail } from '@scamtrail/domain/groups';
import { EditConflictNotice } from '../../../components/edit-conflict-notice';
import { FormModal } from '../../../components/form-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { describeChanges, rebaseIds, rebaseValues } from '../../../lib/edit-conflicts';
import { useSession } from '../../../lib/session';
import { useEditConflict } from '../../../lib/use-edit-conflict';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useCreateGroup } from '../api/create-group';
import { useMemberOptions } from '../api/get-member-options';
import { useSetGroupMembers } from '../api/set-group-members';
import { useUpdateGroup } from '../api/update-group';
import { MemberPicker } from './member-picker';

const FIELDS = ['name', 'description', 'userIds'] as const;

interface GroupFormModalProps {
  /** The group to edit; a new one is created when absent. */
  group?: GroupDetail;
  onClose: () => void;
  onSaved?: (group: GroupDetail) => void;
}

function sameMembers(a: string[], b: string[]) {
  return a.length === b.length && a.every((id) => b.includes(id));
}

const memberIdsOf = (group: GroupDetail | undefined) => group?.members.map((member) => member.userId) ?? [];
const formValues = (group: GroupDetail | undefined) => ({
  name: group?.name ?? '',
  description: group?.description ?? '',
});

/** What someone else changed in a group, each as "Field: its value now". */
export function describeGroupChanges(base: GroupDetail, current: GroupDetail): string[] {
  return describeChanges(base, current, [
    { label: 'Name', valueOf: (group) => group.name },
    { label: 'Description', valueOf: (group) => group.description },
    {
      label: 'Members',
      valueOf: (group) => memberIdsOf(group).sort(),
      show: (group) => group.members.map((member) => member.fullName).join(', '),
    },
  ]);
}

/** The group form dialog: name, description and members picked from the team. */
export function GroupFormModal({ group, onClose, onSaved }: GroupFormModalProps) {
  const { user } = useSession();
  const edit = useEditConflict(group);
  const initialIds = memberIdsOf(edit.base);
  const [values, setValues] = useState(() => formValues(group));
  const { name, description } = values;
  const [userIds, setUserIds] = useState(() => memberIdsOf(group));
  const { fieldErrors, errorProps, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    'Failed to save the group',
  );
  const options = useMemberOptions();
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const setMembers = useSetGroupMembers();
  const { showToast } = useToast();
  const saving = create.isPending || update.isPending || setMembers.isPending;

  async function save(): Promise<GroupDetail> {
    const { base } = edit;
    if (!base) return create.mutateAsync(createGroupBodySchema.parse({ name, description, userIds }));
    let saved = base;
    const changes = {
      ...(name !== base.name ? { name } : {}),
      ...(description !== base.description ? { description } : {}),
    };
    if (Object.keys(changes).length > 0) {
      const body = updateGroupBodySchema.parse(changes);
      saved = await update.mutateAsync({ id: base.id, body, base });
    }
    // Members are replaced only when they could be listed (else the picker was not shown).
    if (options.isSuccess && !sameMembers(userIds, initialIds)) {
      // From the version just saved when the name or description changed first.
      saved = await setMembers.mutateAsync({ id: base.id, userIds, base: saved });
    }
    return saved;
  }

  async function submit() {
    const parsed = createGroupBodySchema.safeParse({ name, description, userIds });
    await run(parsed, async () => {
      let saved: GroupDetail;
      try {
        saved = await save();
      } catch (error) {
        if (edit.caught(error)) return;
        throw error;
      }
      showToast({ kind: 'success', title: group ? 'Group saved' : 'Group created', subtitle: saved.name });
      onSaved?.(saved);
      onClose();
    });
  }

  return (
    <FormModal
      size="md"
      title={group ? 'Edit group' : 'New group'}
      primaryButtonText={group ? 'Save' : 'Create'}
      loading={saving}
      formError={formError}
      formRef={formRef}
      onSubmit={submit}
      onClose={onClose}
    >
      {edit.base && edit.conflict && (
        <EditConflictNotice
          what="group"
          changes={describeGroupChanges(edit.base, edit.conflict)}
          onReload={() =>
            edit.reload((from, to) => {
              setValues(rebaseValues(values, formValues(from), formValues(to)));
              setUserIds(rebaseIds(userIds, memberIdsOf(from), memberIdsOf(to)));
            })
          }
        />
      )}
      <TextInput
        id="group-name"
        labelText="Name"
        value={name}
        onChange={(event) => {
          setValues({ ...values, name: event.target.value });
          clearError('name');
        }}
        {...errorProps('name')}
      />
      <TextArea
        id="group-description"
        labelText="Description (optional)"
        rows={3}
        value={description}
        onChange={(event) => setValues({ ...values, description: event.target.value })}
        {...errorProps('description')}
      />
      <MemberPicker
        selectedIds={userIds}
        onChange={setUserIds}
        invalidText={fieldErrors.userIds}
        helperText={
          !group && user?.role !== 'admin'
            ? 'You are added as a member too. Members see the cases assigned to the group.'
            : 'Members see the cases assigned to the group.'
        }
      />
    </FormModal>
  );
}
