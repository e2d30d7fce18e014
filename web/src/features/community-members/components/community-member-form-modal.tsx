import { NumberInput } from '@carbon/react';
import { TextArea, TextInput } from '../../../components/text-fields';
import { useState } from 'react';
import {
  createCommunityMemberBodySchema,
  REPUTATION_LIMIT,
  updateCommunityMemberBodySchema,
  type Originator,
} from '@scamtrail/domain/originators';
import { EditConflictNotice } from '../../../components/edit-conflict-notice';
import { FormModal } from '../../../components/form-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { describeChanges, rebaseValues } from '../../../lib/edit-conflicts';
import { useEditConflict } from '../../../lib/use-edit-conflict';
import { hasPermission } from '@scamtrail/domain/permissions';
import { useSession } from '../../../lib/session';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useCreateCommunityMember } from '../api/create-community-member';
import { useUpdateCommunityMember } from '../api/update-community-member';
import '../../../styles/carbon/number-input.scss';
import { numberInputText, wholeNumberOf } from './whole-number-text';

const FIELDS = ['username', 'email', 'notes', 'reputation'] as const;

interface CommunityMemberFormModalProps {
  /** The member to edit; a new one is added when absent. */
  member?: Originator;
  onClose: () => void;
}

const formValues = (member: Originator | undefined) => ({
  username: member?.communityMember?.username ?? '',
  email: member?.communityMember?.email ?? '',
  notes: member?.communityMember?.notes ?? '',
});

/** What someone else changed in a community member, each as "Field: its value now". */
export function describeCommunityMemberChanges(base: Originator, current: Originator): string[] {
  return describeChanges(base, current, [
    { label: 'Username', valueOf: (member) => member.communityMember?.username },
    { label: 'Email', valueOf: (member) => member.communityMember?.email },
    { label: 'Notes', valueOf: (member) => member.communityMember?.notes },
    { label: 'Reputation', valueOf: (member) => member.communityMember?.reputation },
    { label: 'Status', valueOf: (member) => (member.active ? 'Active' : 'Inactive') },
  ]);
}

/**
 * Adds or edits a community member. Reputation is set on adding, by those who may adjust it
 * (`community_member.edit`: the server refuses it to others); later only adjusted, with a reason.
 */
export function CommunityMemberFormModal({ member, onClose }: CommunityMemberFormModalProps) {
  const edit = useEditConflict(member);
  const { user } = useSession();
  const offerReputation = !member && hasPermission(user?.permissions, 'community_member.edit');
  const [values, setValues] = useState(() => formValues(member));
  const { username, email, notes } = values;
  const set = (key: keyof typeof values, value: string) =>
    setValues((before) => ({ ...before, [key]: value }));
  // As typed: only a sign and digits are a reputation ("2e2" is not 200).
  const [reputationText, setReputationText] = useState('0');
  const reputation = wholeNumberOf(reputationText);
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
      const { base } = edit;
      let saved: Originator;
      try {
        saved = base
          ? await update.mutateAsync({ id: base.id, body: data, base })
          : await create.mutateAsync(createCommunityMemberBodySchema.parse(data));
      } catch (error) {
        if (edit.caught(error)) return;
        throw error;
      }
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
      {edit.base && edit.conflict && (
        <EditConflictNotice
          what="community member"
          changes={describeCommunityMemberChanges(edit.base, edit.conflict)}
          onReload={() =>
            edit.reload((from, to) => setValues(rebaseValues(values, formValues(from), formValues(to))))
          }
        />
      )}
      <TextInput
        id="community-username"
        labelText="Username"
        helperText="How they are known, e.g. their forum handle. Unique."
        value={username}
        onChange={(event) => {
          set('username', event.target.value);
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
          set('email', event.target.value);
          clear('email');
        }}
        {...errorProps('email')}
      />
      {offerReputation && (
        <NumberInput
          id="community-reputation"
          label="Initial reputation"
          helperText="100 or more shows green, 50 or more blue, below 0 red."
          value={reputationText}
          step={10}
          min={-REPUTATION_LIMIT}
          max={REPUTATION_LIMIT}
          allowEmpty={false}
          onChange={(event, { value }) => {
            setReputationText(numberInputText(event, value));
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
          set('notes', event.target.value);
          clear('notes');
        }}
        {...errorProps('notes')}
      />
    </FormModal>
  );
}
