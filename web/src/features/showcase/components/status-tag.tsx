import { Tag } from '@carbon/react';
import type { SampleUserStatus } from './sample-users';

const STATUS_COLOURS = { Active: 'green', Inactive: 'gray', Pending: 'blue' } as const;

export function StatusTag({ status }: { status: SampleUserStatus }) {
  return (
    <Tag type={STATUS_COLOURS[status]} size="sm">
      {status}
    </Tag>
  );
}
