import { Tag } from '@carbon/react';

export function AutomationStatusTag({ active }: { active: boolean }) {
  return (
    <Tag type={active ? 'green' : 'gray'} size="sm">
      {active ? 'Active' : 'Inactive'}
    </Tag>
  );
}
