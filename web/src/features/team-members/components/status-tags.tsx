import { Tag } from '@carbon/react';
import { TEAM_MEMBER_STATUS_LABELS, type TeamMemberStatus } from '@scamtrail/domain/originators';

// Purple sets "never signed in" apart from both the green of Active and the gray of Disabled.
const MEMBER_STATUS_COLORS = { invited: 'purple', active: 'green', disabled: 'gray' } as const;

export function MemberStatusTag({ status }: { status: TeamMemberStatus }) {
  return (
    <Tag type={MEMBER_STATUS_COLORS[status]} size="sm">
      {TEAM_MEMBER_STATUS_LABELS[status]}
    </Tag>
  );
}
