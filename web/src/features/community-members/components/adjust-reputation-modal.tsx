import { NumberInput } from '@carbon/react';
import { TextArea } from '../../../components/text-fields';
import { useState } from 'react';
import {
  adjustReputationBodySchema,
  REPUTATION_DELTA_LIMIT,
  REPUTATION_LIMIT,
  REPUTATION_RANGE_MESSAGE,
  type Originator,
} from '@scamtrail/domain/originators';
import { DescriptionList } from '../../../components/description-list';
import { FormModal } from '../../../components/form-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useAdjustReputation } from '../api/adjust-reputation';
import { ReputationTag } from './community-member-tags';
import { EMPTY_CELL } from '../../../lib/format';
import { numberInputText, wholeNumberOf } from './whole-number-text';
import '../../../styles/carbon/number-input.scss';

const FIELDS = ['delta', 'reason'] as const;

/**
 * Why the adjustment could not be made with this change, or undefined when it can. Carbon marks a value
 * beyond the field's min and max as invalid while it is typed, so the reason shows at once rather than
 * on Adjust. 0, where the field starts, is left to the submit.
 */
function findChangeProblem(current: number, delta: number): string | undefined {
  if (delta === 0) return undefined;
  const problem = adjustReputationBodySchema.shape.delta.safeParse(delta).error?.issues[0]?.message;
  if (problem) return problem;
  return Math.abs(current + delta) > REPUTATION_LIMIT ? REPUTATION_RANGE_MESSAGE : undefined;
}

/** Raises or lowers a community member's reputation; the reason is kept on record. */
export function AdjustReputationModal({ member, onClose }: { member: Originator; onClose: () => void }) {
  const current = member.communityMember?.reputation ?? 0;
  // As typed: only a sign and digits are a change ("2e2" is not 200).
  const [deltaText, setDeltaText] = useState('0');
  const delta = wholeNumberOf(deltaText);
  const [reason, setReason] = useState('');
  const { errorProps, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    'Failed to adjust the reputation',
  );
  const adjust = useAdjustReputation();
  const { showToast } = useToast();
  const changeProblem = findChangeProblem(current, delta);
  const deltaError = errorProps('delta');

  async function submit() {
    const parsed = adjustReputationBodySchema.safeParse({ delta, reason });
    await run(parsed, async (body) => {
      const saved = await adjust.mutateAsync({ id: member.id, body });
      showToast({
        kind: 'success',
        title: 'Reputation adjusted',
        subtitle: `${saved.name}: ${saved.communityMember?.reputation ?? current + delta}`,
      });
      onClose();
    });
  }

  return (
    <FormModal
      size="sm"
      title="Adjust reputation"
      label={member.name}
      primaryButtonText="Adjust"
      loading={adjust.isPending}
      formError={formError}
      formRef={formRef}
      formErrorTitle="Not adjusted"
      onSubmit={submit}
      onClose={onClose}
    >
      <DescriptionList
        items={[
          { label: 'Current', value: <ReputationTag reputation={current} /> },
          // No "After" for a change that cannot be made: the field says why instead.
          {
            label: 'After',
            value: changeProblem ? EMPTY_CELL : <ReputationTag reputation={current + delta} />,
          },
        ]}
      />
      <NumberInput
        id="reputation-delta"
        label="Change"
        helperText={`Positive to raise, negative to lower; at most ${REPUTATION_DELTA_LIMIT.toLocaleString('en-US')} either way.`}
        value={deltaText}
        step={10}
        min={-REPUTATION_DELTA_LIMIT}
        max={REPUTATION_DELTA_LIMIT}
        allowEmpty={false}
        onChange={(event, { value }) => {
          setDeltaText(numberInputText(event, value));
          clearError('delta');
        }}
        invalid={deltaError.invalid || Boolean(changeProblem)}
        invalidText={deltaError.invalidText ?? changeProblem}
      />
      <TextArea
        id="reputation-reason"
        labelText="Reason"
        helperText="Kept on record with the change."
        rows={3}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          clearError('reason');
        }}
        {...errorProps('reason')}
      />
    </FormModal>
  );
}
