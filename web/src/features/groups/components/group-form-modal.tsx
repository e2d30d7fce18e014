import { TextArea, TextInput } from '../../../components/text-fields';
import { useState } from 'react';
import { createGroupBodySchema, updateGroupBodySchema, type GroupDetail } from '@scamtrail/domain/groups';
import { FormModal } from '../../../components/form-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { useSession } from '../../../lib/session';
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

/** The group form dialog: name, description and members picked from the team. */
export function GroupFormModal({ group, onClose, onSaved }: GroupFormModalProps) {
  const { user } = useSession();
  const initialIds = group?.members.map((member) => member.userId) ?? [];
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [userIds, setUserIds] = useState(initialIds);
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
    if (!group) return create.mutateAsync(createGroupBodySchema.parse({ name, description, userIds }));
    let saved = group;
    const changes = {
      ...(name !== group.name ? { name } : {}),
      ...(description !== group.description ? { description } : {}),
    };
    if (Object.keys(changes).length > 0) {
      saved = await update.mutateAsync({ id: group.id, body: updateGroupBodySchema.parse(changes) });
    }
    // Members are replaced only when they could be listed (else the picker was not shown).
    if (options.isSuccess && !sameMembers(userIds, initialIds)) {
      saved = await setMembers.mutateAsync({ id: group.id, userIds });
    }
    return saved;
  }

  async function submit() {
    const parsed = createGroupBodySchema.safeParse({ name, description, userIds });
    await run(parsed, async () => {
      const saved = await save();
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
      <TextInput
        id="group-name"
        labelText="Name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          clearError('name');
        }}
        {...errorProps('name')}
      />
      <TextArea
        id="group-description"
        labelText="Description (optional)"
        rows={3}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
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
