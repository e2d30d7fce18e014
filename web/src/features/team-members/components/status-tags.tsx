import { Tag } from '@carbon/react';
import {
  reputationTagColor,
  TEAM_MEMBER_STATUS_LABELS,
  type TeamMemberStatus,
} from '@scamtrail/domain/originators';

// Purple sets "never signed in" apart from both the green of Active and the gray of Disabled.
const MEMBER_STATUS_COLORS = { invited: 'purple', active: 'green', disabled: 'gray' } as const;

export function MemberStatusTag({ status }: { status: TeamMemberStatus }) {
  return (
    <Tag type={MEMBER_STATUS_COLORS[status]} size="sm">
      {TEAM_MEMBER_STATUS_LABELS[status]}
    </Tag>
  );
}

export function ActiveTag({ active }: { active: boolean }) {
  return (
    <Tag type={active ? 'green' : 'gray'} size="sm">
      {active ? 'Active' : 'Inactive'}
    </Tag>
  );
}

/** Reputation coloured per spec 9: 100+ green, 50+ blue, 0+ gray, below 0 red. */
export function ReputationTag({ reputation }: { reputation: number }) {
  return (
    <Tag type={reputationTagColor(reputation)} size="sm">
      {reputation}
    </Tag>
  );
}
