import { Tag } from '@carbon/react';
import { reputationTagColor } from '@scamtrail/domain/originators';

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
