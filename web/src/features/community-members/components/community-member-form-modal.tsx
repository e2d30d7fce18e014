import { NumberInput } from '@carbon/react';
import { TextArea, TextInput } from '../../../components/text-fields';
import { useState } from 'react';
import {
  createCommunityMemberBodySchema,
  REPUTATION_LIMIT,
  updateCommunityMemberBodySchema,
  type Originator,
} from '@scamtrail/domain/originators';
import { FormModal } from '../../../components/form-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useCreateCommunityMember } from '../api/create-community-member';
import { useUpdateCommunityMember } from '../api/update-community-member';

const FIELDS = ['username', 'email', 'notes', 'reputation'] as const;

interface CommunityMemberFormModalProps {
  /** The member to edit; a new one is added when absent. */
  member?: Originator;
  onClose: () => void;
}

/** Adds or edits a community member. Reputation is set on adding; later only adjusted, with a reason. */
export function CommunityMemberFormModal({ member, onClose }: CommunityMemberFormModalProps) {
  const info = member?.communityMember;
  const [username, setUsername] = useState(info?.username ?? '');
  const [email, setEmail] = useState(info?.email ?? '');
  const [notes, setNotes] = useState(info?.notes ?? '');
  const [reputation, setReputation] = useState(0);
  const {
    errorProps,
    clearError: clear,
    formError,
    formRef,
    run,
  } = useFormSubmission(FIELDS, 'Failed to save the community member');
  const create = useCreateCommunityMember();
  const update = useUpdateCommunityMember();
  const { showToast } = useToast();
  // Said as soon as it is typed, in the schema's words; on Add, the form's check says it again.
  const reputationProblem =
    createCommunityMemberBodySchema.shape.reputation.safeParse(reputation).error?.issues[0]?.message;
  const reputationError = errorProps('reputation');

  async function submit() {
    const common = { username, email: email.trim() || null, notes: notes.trim() || null };
    const parsed = member
      ? updateCommunityMemberBodySchema.safeParse(common)
      : createCommunityMemberBodySchema.safeParse({
          ...common,
          email: common.email ?? undefined,
          reputation,
        });
    await run(parsed, async (data) => {
      const saved = member
        ? await update.mutateAsync({ id: member.id, body: data })
        : await create.mutateAsync(createCommunityMemberBodySchema.parse(data));
      showToast({
        kind: 'success',
        title: member ? 'Community member saved' : 'Community member added',
        subtitle: saved.name,
      });
      onClose();
    });
  }

  return (
    <FormModal
      size="md"
      title={member ? 'Edit community member' : 'Add community member'}
      primaryButtonText={member ? 'Save' : 'Add'}
      loading={create.isPending || update.isPending}
      formError={formError}
      formRef={formRef}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        id="community-username"
        labelText="Username"
        helperText="How they are known, e.g. their forum handle. Unique."
        value={username}
        onChange={(event) => {
          setUsername(event.target.value);
          clear('username');
        }}
        {...errorProps('username')}
      />
      <TextInput
        id="community-email"
        type="email"
        labelText="Email (optional)"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          clear('email');
        }}
        {...errorProps('email')}
      />
      {!member && (
        <NumberInput
          id="community-reputation"
          label="Initial reputation"
          helperText="100 or more shows green, 50 or more blue, below 0 red."
          value={reputation}
          step={10}
          min={-REPUTATION_LIMIT}
          max={REPUTATION_LIMIT}
          allowEmpty={false}
          onChange={(_event, { value }) => {
            setReputation(Number(value) || 0);
            clear('reputation');
          }}
          invalid={reputationError.invalid || Boolean(reputationProblem)}
          invalidText={reputationError.invalidText ?? reputationProblem}
        />
      )}
      <TextArea
        id="community-notes"
        labelText="Notes (optional)"
        rows={3}
        value={notes}
        onChange={(event) => {
          setNotes(event.target.value);
          clear('notes');
        }}
        {...errorProps('notes')}
      />
    </FormModal>
  );
}
